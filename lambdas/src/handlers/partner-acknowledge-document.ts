import { partnerRoutes } from '@ccsc/contract/partner-api';
import { acknowledgeDocument } from '../documents/exchange.core';
import { createPartnerHandler } from '../http/partner-router';
import { credentialStore } from '../wiring/credentials';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = createPartnerHandler(
  partnerRoutes['partner-acknowledge-document'],
  acknowledgeDocument,
  () => exchangeDeps('change'),
  { credentials: credentialStore },
);
