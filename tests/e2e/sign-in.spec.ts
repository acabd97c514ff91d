import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, test } from '@playwright/test';

interface RuntimeConfig {
  region: string;
  userPoolId: string;
  cognitoEndpoint: string;
}

/** Placeholder credentials the local emulators accept; not real ones. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

// The web app signs in with Amplify's default flow, USER_SRP_AUTH, against the offline Cognito
// (the web client allows nothing else, as in AWS): the password leaves the browser for nobody.
test('a user signs in with SRP and reaches the dashboard; the password is sent nowhere', async ({
  page,
  request,
}) => {
  const config = (await (await request.get('/config.json')).json()) as RuntimeConfig;
  const cognito = new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: config.cognitoEndpoint,
    credentials: LOCAL_CREDENTIALS,
  });
  const email = `e2e-srp-${String(Date.now())}@example.com`;
  const password = 'Srp-e2e-password-1';
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: config.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: config.userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: config.userPoolId,
      Username: email,
      GroupName: 'Auditor',
    }),
  );
  cognito.destroy();

  const bodies: string[] = [];
  const flows: string[] = [];
  page.on('request', (req) => {
    const body = req.postData() ?? '';
    bodies.push(body);
    const target = req.headers()['x-amz-target'] ?? '';
    if (target.endsWith('.InitiateAuth')) {
      flows.push((JSON.parse(body) as { AuthFlow: string }).AuthFlow);
    }
  });

  await page.goto('/');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  expect(flows).toEqual(['USER_SRP_AUTH']);
  expect(bodies.filter((b) => b.includes(password))).toEqual([]);
});
