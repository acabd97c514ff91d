import { performance } from 'node:perf_hooks';
import { openIdConfiguration } from './cognito';
import { startConsole } from './console';
import { SIMULATED_SITE, SIMULATED_SPONSOR } from './partner-systems';
import { type MockEnv, readEnv } from './env';
import { exitOnStartFailure } from './start-failure';

// `npm start`: the whole console offline, in this one process. A failed start (a damaged store, a
// port in use, a bad variable) prints its reason and exits with 1.
const startedAt = performance.now();
let env: MockEnv;
try {
  env = readEnv();
} catch (err) {
  exitOnStartFailure(err, false);
}
const running = await startConsole(env, { partnersByDefault: true }).catch((err: unknown) =>
  exitOnStartFailure(err, env.DEBUG),
);
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);

console.log(
  [
    '',
    `  Console  ${running.url}   (ready in ${seconds} s)`,
    `  Inbox    ${running.stack.endpoints.mailUi}`,
    `  Admin    ${env.BOOTSTRAP_ADMIN_EMAIL}  (temporary password: see the invitation in the inbox)`,
    `  Partner  ${running.url}/ccsc/api/v1  (tokens: ${
      openIdConfiguration(running.stack.endpoints.cognitoPublic, running.stack.userPoolId)
        .token_endpoint
    })`,
    `  Malware  ${
      running.stack.malware.kind === 'stand-in'
        ? 'TEST STAND-IN: knows only the EICAR test file, nothing else is found (install clamav-daemon: README)'
        : running.stack.malware.description
    }`,
    ...(running.partners === null
      ? []
      : [
          `  Partners simulated site (${SIMULATED_SITE.systemId}) and sponsor (${SIMULATED_SPONSOR.systemId}) exchanging documents every ${String(
            env.SIMULATED_PARTNERS_EVERY_SECONDS,
          )} s; the sponsor's webhook receiver at ${running.partners.receiverUrl}  (SIMULATED_PARTNERS=0: off)`,
        ]),
    `  Data     ${env.DATA_DIR}`,
    '',
  ].join('\n'),
);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the console...`);
  running.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => {
  shutdown('SIGINT');
});
process.on('SIGTERM', () => {
  shutdown('SIGTERM');
});
