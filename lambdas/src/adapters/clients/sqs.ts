import type * as SqsSdk from '@aws-sdk/client-sqs';
import { lambdaEnv } from '../../env';
import { once } from './once';
import { traced } from './tracer';
import { accessOf, type Service, type ServiceAccess, type ServiceSource } from './service';

type Client = SqsSdk.SQSClient;
export type Sqs = Service<Client, typeof SqsSdk>;
export type SqsAccess = ServiceAccess<Client, typeof SqsSdk>;
export type SqsSource = ServiceSource<Client, typeof SqsSdk>;

/** The SDK package, loaded by the first call that needs it (Node keeps a module once loaded). */
export const loadSqsSdk = (): Promise<typeof SqsSdk> => import('@aws-sdk/client-sqs');

export const sqs: SqsAccess = /* @__PURE__ */ once(async () => {
  const sdk = await loadSqsSdk();
  return { client: await traced(new sdk.SQSClient({ region: lambdaEnv().AWS_REGION })), sdk };
});

export const sqsAccess = (source: SqsSource): SqsAccess => accessOf(source, loadSqsSdk);
