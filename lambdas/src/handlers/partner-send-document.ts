import { partnerRoutes } from '@ccsc/contract/partner-api';
import { sendDocument } from '../documents/exchange.core';
import { createPartnerHandler } from '../http/partner-router';
import { credentialStore } from '../wiring/credentials';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = createPartnerHandler(
  partnerRoutes['partner-send-document'],
  sendDocument,
  () => exchangeDeps('send'),
  { credentials: credentialStore },
);
