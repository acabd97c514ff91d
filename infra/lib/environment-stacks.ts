import type { App } from 'aws-cdk-lib';
import type { EnvironmentConfig } from './config';
import { ConsoleStack } from './console-stack';
import { EdgeStack } from './edge-stack';
import type { WebBuild } from './web-build';

export interface EnvironmentStacks {
  readonly console: ConsoleStack;
  /** The us-east-1 companion, unless the environment names its own site web ACL. */
  readonly edge: EdgeStack | undefined;
}

/**
 * The stacks of one environment, as `cdk deploy --all -c env=<name>` deploys them: the edge stack
 * in us-east-1 (the site's web ACL), then the console stack, which attaches that ACL to its
 * distribution through a cross-region reference — or the ACL the `siteWebAclArn` setting names.
 */
export const environmentStacks = (
  app: App,
  config: EnvironmentConfig,
  webBuild: WebBuild,
): EnvironmentStacks => {
  const edge =
    config.siteWebAclArn === undefined
      ? new EdgeStack(app, `${config.stackName}-edge`, { config })
      : undefined;
  const console = new ConsoleStack(app, config.stackName, {
    config,
    webBuild,
    siteWebAclArn: config.siteWebAclArn ?? edge?.firewall.webAcl.attrArn ?? '',
  });
  return { console, edge };
};
