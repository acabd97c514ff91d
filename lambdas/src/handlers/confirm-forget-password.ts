import { sessionRoutes as routes } from '@ccsc/contract/session';
import { lambdaEnv } from '../env';
import { confirmForgetPassword } from '../session/confirm-forget-password.core';
import { handle } from '../wiring/handler';
import { steadyTiming } from '../wiring/cognito';
import { passwordResetWrites } from '../wiring/users';

export const handler = handle(routes['confirm-forget-password'], confirmForgetPassword, () => ({
  ...steadyTiming(),
  writes: passwordResetWrites(),
  webClientId: lambdaEnv().USER_POOL_CLIENT_ID,
}));
