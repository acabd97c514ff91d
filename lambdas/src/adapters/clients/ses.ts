import type * as SesSdk from '@aws-sdk/client-sesv2';
import { lambdaEnv } from '../../env';
import { once } from './once';
import { traced } from './tracer';
import { accessOf, type Service, type ServiceAccess, type ServiceSource } from './service';

type Client = SesSdk.SESv2Client;
export type Ses = Service<Client, typeof SesSdk>;
export type SesAccess = ServiceAccess<Client, typeof SesSdk>;
export type SesSource = ServiceSource<Client, typeof SesSdk>;

/** The SDK package, loaded by the first call that needs it (Node keeps a module once loaded). */
export const loadSesSdk = (): Promise<typeof SesSdk> => import('@aws-sdk/client-sesv2');

export const ses: SesAccess = /* @__PURE__ */ once(async () => {
  const sdk = await loadSesSdk();
  return { client: await traced(new sdk.SESv2Client({ region: lambdaEnv().AWS_REGION })), sdk };
});

export const sesAccess = (source: SesSource): SesAccess => accessOf(source, loadSesSdk);
