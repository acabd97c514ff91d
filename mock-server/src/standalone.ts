import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { type MockEnv, readEnv } from './env';
import type { Stoppable } from './services/net';
import { exitOnStartFailure } from './start-failure';

/**
 * One service of docker-compose.yml: the image's entry point, the role its one argument.
 *   node mock-server/dist/standalone.mjs console|cognito|dynamodb|s3|ses|mail   (the image)
 *   node --import tsx src/standalone.ts <role>                                 (from source)
 * A stand-in runs with the same modules, options and data layout as in the embedded stack
 * (src/stack.ts), so both paths stay one design; `console` is src/server.ts, which then runs with
 * COGNITO_ENDPOINT etc. pointing at the others.
 */
const SERVICES = ['cognito', 'dynamodb', 's3', 'ses', 'mail'] as const;
type Service = (typeof SERVICES)[number];

const isService = (value: string | undefined): value is Service =>
  (SERVICES as readonly (string | undefined)[]).includes(value);

const role = process.argv[2];
if (role === 'console') {
  // Bundled into this file: the image runs every service from the one entry point.
  await import('./server');
} else if (isService(role)) {
  await runStandIn(role);
} else {
  console.error(`usage: node ${process.argv[1] ?? 'standalone'} console|${SERVICES.join('|')}`);
  process.exit(2);
}

async function runStandIn(service: Service): Promise<void> {
  let env: MockEnv;
  try {
    env = readEnv();
  } catch (err) {
    exitOnStartFailure(err, false);
  }
  const start = async (which: Service): Promise<Stoppable & { url: string }> => {
    // The same layout as the embedded stack: <DATA_DIR>/<service> (SES keeps nothing).
    const directory = join(env.DATA_DIR, which);
    if (which !== 'ses') await mkdir(directory, { recursive: true });
    switch (which) {
      case 'cognito': {
        const { startCognito } = await import('./services/cognito');
        const transport = createTransport({
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          secure: false,
          ignoreTLS: true,
        });
        return startCognito({
          directory,
          host: env.HOST,
          port: env.COGNITO_PORT,
          debug: env.DEBUG,
          mailFrom: env.MAIL_FROM,
          ...(env.COGNITO_PUBLIC_URL !== undefined ? { publicUrl: env.COGNITO_PUBLIC_URL } : {}),
          sendMail: async (mail) => {
            await transport.sendMail(mail);
          },
        });
      }
      case 'dynamodb': {
        const { startDynamoDb } = await import('./services/dynamodb');
        return startDynamoDb({ directory, host: env.HOST, port: env.DYNAMODB_PORT });
      }
      case 's3': {
        const { startS3 } = await import('./services/s3');
        return startS3({ directory, host: env.HOST, port: env.S3_PORT, debug: env.DEBUG });
      }
      case 'ses': {
        // Its mail goes to the mail service, SMTP_HOST:SMTP_PORT.
        const { startSesRelayingTo } = await import('./services/ses');
        return startSesRelayingTo({
          host: env.HOST,
          port: env.SES_PORT ?? 0,
          smtp: { host: env.SMTP_HOST, port: env.SMTP_PORT },
        });
      }
      case 'mail': {
        const { startMail } = await import('./services/mail');
        const mail = await startMail({
          directory,
          host: env.HOST,
          smtpPort: env.SMTP_PORT,
          uiPort: env.MAIL_UI_PORT,
          debug: env.DEBUG,
        });
        return { url: mail.uiUrl, stop: () => mail.stop() };
      }
    }
  };

  const running = await start(service).catch((err: unknown) => exitOnStartFailure(err, env.DEBUG));
  console.log(`${service} stand-in listening at ${running.url}`);
  const stop = () => {
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
