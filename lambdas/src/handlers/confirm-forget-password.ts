import { routes } from '../contract';
import { lambdaEnv } from '../env';
import { confirmForgetPassword } from '../features/session/confirm-forget-password.core';
import { createHandler } from '../http/router';
import { steadyTiming } from './deps';
import { passwordResetWrites } from './wiring/users';

export const handler = createHandler(
  routes['confirm-forget-password'],
  confirmForgetPassword,
  () => ({
    ...steadyTiming(),
    writes: passwordResetWrites(),
    webClientId: lambdaEnv().USER_POOL_CLIENT_ID,
  }),
);
