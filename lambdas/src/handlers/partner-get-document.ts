import { partnerRoutes } from '@ccsc/contract/partner-api';
import { getSentDocument } from '../documents/exchange.core';
import { handle } from '../wiring/handler';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = handle(partnerRoutes['partner-get-document'], getSentDocument, () =>
  exchangeDeps(),
);
