import { partnerRoutes } from '@ccsc/contract/partner-api';
import { acknowledgeDocument } from '../documents/exchange.core';
import { handle } from '../wiring/handler';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = handle(
  partnerRoutes['partner-acknowledge-document'],
  acknowledgeDocument,
  () => exchangeDeps('change'),
);
