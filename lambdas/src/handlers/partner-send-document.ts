import { partnerRoutes } from '@ccsc/contract/partner-api';
import { sendDocument } from '../documents/exchange.core';
import { handlePartner } from '../wiring/partner-handler';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = handlePartner(partnerRoutes['partner-send-document'], sendDocument, () =>
  exchangeDeps('send'),
);
