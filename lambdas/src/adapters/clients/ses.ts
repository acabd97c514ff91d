import { SESv2Client } from '@aws-sdk/client-sesv2';
import { lambdaEnv } from '../../env';
import { once } from './once';

export const sesClient = once(() => new SESv2Client({ region: lambdaEnv().AWS_REGION }));
