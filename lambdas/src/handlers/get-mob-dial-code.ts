import { routes } from '../contract';
import { getMobDialCode } from '../features/users/dial-codes.core';
import { createHandler } from '../http/router';

export const handler = createHandler(routes['get-mob-dial-code'], getMobDialCode, () => undefined);
