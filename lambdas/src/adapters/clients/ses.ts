import { SESv2Client } from '@aws-sdk/client-sesv2';
import { lambdaEnv } from '../../env';
import { once } from './once';

export const sesClient = /* @__PURE__ */ once(
  () => new SESv2Client({ region: lambdaEnv().AWS_REGION }),
);
