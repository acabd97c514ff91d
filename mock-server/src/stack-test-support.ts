import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import type { StackInfo, StackOptions } from './stack';
import { srpSignIn } from './cognito';

/** What the offline stack's tests share: its options, the inbox, a signed-in user. */

export const ADMIN = 'admin@example.com';

export const options = (dataDir: string): StackOptions => ({
  dataDir,
  ports: { cognito: 0, dynamodb: 0, s3: 0, smtp: 0, mailUi: 0 },
  bootstrapAdminEmail: ADMIN,
  mailFrom: 'no-reply@ccsc.local',
  productName: 'CCSC Admin Console',
  tables: [
    {
      name: 'ccsc-test-main',
      definition: {
        partitionKey: 'pk',
        sortKey: 'sk',
        indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
      },
    },
    {
      TableName: 'ccsc-test-raw',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    },
  ],
  buckets: ['ccsc-test-documents-local', 'ccsc-test-artifacts-local'],
});

/** maildev's REST API: GET /api/email lists every message. */
export const mailSchema = z.array(
  z.object({
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    from: z.array(z.object({ address: z.string() })),
    to: z.array(z.object({ address: z.string() })),
  }),
);
export const inbox = async (stack: StackInfo) =>
  mailSchema.parse(await (await fetch(`${stack.endpoints.mailUi}/api/email`)).json());

/** SMTP delivery and maildev's storing of it are not one step: look for a little while. */
export const waitForMail = async (stack: StackInfo, count: number) => {
  for (let i = 0; i < 100; i += 1) {
    const mails = await inbox(stack);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return inbox(stack);
};

/** A confirmed user with a permanent password, signed in (admin flow: no SRP offline yet). */
export const createAndSignIn = async (
  cognito: CognitoIdentityProviderClient,
  stack: StackInfo,
  email: string,
  password: string,
) => {
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: stack.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: stack.userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  return srpSignIn(cognito, {
    userPoolId: stack.userPoolId,
    clientId: stack.userPoolClientId,
    username: email,
    password,
  });
};
