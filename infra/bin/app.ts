import { App } from 'aws-cdk-lib';
import {
  ConfigError,
  ENVIRONMENT_CONTEXT_KEY,
  ENVIRONMENTS_CONTEXT_KEY,
  resolveEnvironment,
} from '../lib/config';
import { ConsoleStack } from '../lib/console-stack';
import { applyNagPacks } from '../lib/nag';
import { WEB_DIST_DIR } from '../lib/paths';
import { locateWebBuild } from '../lib/web-build';

/**
 * `npx cdk <synth|deploy|diff|destroy> -c env=<name>`: one stack, the named environment's.
 * This is the only place that reads the CDK context and the CLI's environment variables.
 */
const app = new App();
try {
  const config = resolveEnvironment({
    environmentName: app.node.tryGetContext(ENVIRONMENT_CONTEXT_KEY),
    environments: app.node.tryGetContext(ENVIRONMENTS_CONTEXT_KEY),
    defaultAccount: process.env.CDK_DEFAULT_ACCOUNT,
  });
  const webBuild = locateWebBuild(WEB_DIST_DIR);
  const requireWebBuild = String(app.node.tryGetContext('requireWebBuild')) === 'true';
  if (!webBuild.found && requireWebBuild) throw new ConfigError(webBuild.warning);

  new ConsoleStack(app, config.stackName, { config, webBuild });
  applyNagPacks(app);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
