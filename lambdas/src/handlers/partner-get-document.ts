import { partnerRoutes } from '@ccsc/contract/partner-api';
import { getSentDocument } from '../documents/exchange.core';
import { handlePartner } from '../wiring/partner-handler';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = handlePartner(partnerRoutes['partner-get-document'], getSentDocument, () =>
  exchangeDeps(),
);
