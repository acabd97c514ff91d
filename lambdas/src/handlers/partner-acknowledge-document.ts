import { partnerRoutes } from '@ccsc/contract/partner-api';
import { acknowledgeDocument } from '../documents/exchange-receiving';
import { handlePartner } from '../wiring/partner-handler';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = handlePartner(
  partnerRoutes['partner-acknowledge-document'],
  acknowledgeDocument,
  () => exchangeDeps('change'),
);
