import { App } from 'aws-cdk-lib';
import {
  ConfigError,
  ENVIRONMENT_CONTEXT_KEY,
  ENVIRONMENTS_CONTEXT_KEY,
  OVERRIDABLE_SETTINGS,
  resolveEnvironment,
} from '../lib/config';
import { environmentStacks } from '../lib/environment-stacks';
import { applyNagPacks } from '../lib/nag';
import { WEB_DIST_DIR } from '../lib/paths';
import { locateWebBuild } from '../lib/web-build';

/**
 * `npx cdk <synth|deploy|diff|destroy> --all -c env=<name>`: the named environment's stacks (the
 * console's, and its edge stack in us-east-1). Settings may be given with `-c <setting>=<value>`.
 * This is the only place that reads the CDK context and the CLI's environment variables.
 */
const app = new App();
try {
  const config = resolveEnvironment({
    environmentName: app.node.tryGetContext(ENVIRONMENT_CONTEXT_KEY),
    environments: app.node.tryGetContext(ENVIRONMENTS_CONTEXT_KEY),
    defaultAccount: process.env.CDK_DEFAULT_ACCOUNT,
    overrides: Object.fromEntries(
      OVERRIDABLE_SETTINGS.map((name) => [name, app.node.tryGetContext(name)]),
    ),
  });
  const webBuild = locateWebBuild(WEB_DIST_DIR);
  const requireWebBuild = String(app.node.tryGetContext('requireWebBuild')) === 'true';
  if (!webBuild.found && requireWebBuild) throw new ConfigError(webBuild.warning);

  environmentStacks(app, config, webBuild);
  applyNagPacks(app);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
