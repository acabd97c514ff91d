import { partnerRoutes } from '@ccsc/contract/partner-api';
import { completeDocument } from '../documents/exchange.core';
import { handlePartner } from '../wiring/partner-handler';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = handlePartner(
  partnerRoutes['partner-complete-document'],
  completeDocument,
  () => exchangeDeps('send'),
);
