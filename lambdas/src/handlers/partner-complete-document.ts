import { partnerRoutes } from '@ccsc/contract/partner-api';
import { completeDocument } from '../documents/exchange.core';
import { createPartnerHandler } from '../http/partner-router';
import { credentialStore } from '../wiring/credentials';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = createPartnerHandler(
  partnerRoutes['partner-complete-document'],
  completeDocument,
  () => exchangeDeps('send'),
  { credentials: credentialStore },
);
