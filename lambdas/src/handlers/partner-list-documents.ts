import { partnerRoutes } from '@ccsc/contract/partner-api';
import { listReceivedDocuments } from '../documents/exchange-receiving';
import { handlePartner } from '../wiring/partner-handler';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = handlePartner(
  partnerRoutes['partner-list-documents'],
  listReceivedDocuments,
  () => exchangeDeps(),
);
