import { partnerRoutes } from '@ccsc/contract/partner-api';
import { listReceivedDocuments } from '../documents/exchange.core';
import { createPartnerHandler } from '../http/partner-router';
import { credentialStore } from '../wiring/credentials';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = createPartnerHandler(
  partnerRoutes['partner-list-documents'],
  listReceivedDocuments,
  () => exchangeDeps(),
  { credentials: credentialStore },
);
