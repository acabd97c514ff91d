import { partnerRoutes } from '@ccsc/contract/partner-api';
import { listReceivedDocuments } from '../documents/exchange.core';
import { handle } from '../wiring/handler';
import { exchangeDeps } from '../wiring/document-writes';

export const handler = handle(partnerRoutes['partner-list-documents'], listReceivedDocuments, () =>
  exchangeDeps(),
);
