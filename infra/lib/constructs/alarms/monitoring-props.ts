import type { EnvironmentConfig } from '../../config';
import type { Api } from '../api';
import type { Jobs } from '../jobs';

export interface MonitoringProps {
  readonly namePrefix: string;
  /** ENVIRONMENT_NAME: the `Environment` dimension of the product metrics. */
  readonly environmentName: string;
  /** The environment's `alarms` settings: subscribers and thresholds. */
  readonly settings: EnvironmentConfig['alarms'];
  readonly api: Api;
  readonly jobs: Jobs;
  /**
   * The metric name of the console's CloudFront web ACL when the edge stack made it (its
   * metrics are in us-east-1); absent when the environment attached an ACL of its own.
   */
  readonly siteWebAclName?: string;
}
