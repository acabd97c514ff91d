import { auditRoutes as routes } from '@ccsc/contract/audit';
import { getMobDialCode } from '../users/dial-codes.core';
import { handle } from '../wiring/handler';

export const handler = handle(routes['get-mob-dial-code'], getMobDialCode, () => undefined);
