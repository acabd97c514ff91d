import { Annotations, Aspects, CfnOutput, Lazy, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { Operation, RuntimeConfig } from '@ccsc/contract';
import { PARTNER_API_PREFIX } from '@ccsc/contract/partner-api';
import { BUCKETS, bucketName } from '@ccsc/lambdas/data-model';
import type { LambdaEnvironment } from '@ccsc/lambdas/env';
import type { EnvironmentConfig } from './config';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Jobs } from './constructs/jobs';
import { denyReadsOfMalware } from './constructs/malware-protection';
import { Mail } from './constructs/mail';
import { Monitoring } from './constructs/monitoring';
import { JsonLogFormat } from './constructs/node-function';
import { Site } from './constructs/site';
import { acknowledgeCdkProvidedFunctions } from './nag';
import { refuseDeployment } from './synthesis-only';
import { DOCUMENT_RECORDS_PREFIX, type ResourceKey } from './permissions';
import type { WebBuild } from './web-build';

export interface ConsoleStackProps extends Omit<StackProps, 'env' | 'stackName'> {
  readonly config: EnvironmentConfig;
  readonly webBuild: WebBuild;
  /**
   * The CLOUDFRONT-scope web ACL for the distribution: the edge stack's (us-east-1, a cross-region
   * reference) or the `siteWebAclArn` setting's.
   */
  readonly siteWebAclArn: string;
}

/**
 * The whole product in one environment. It only wires: each construct gets settings and other
 * constructs' outputs, and the stack publishes what operators need as outputs.
 */
export class ConsoleStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly mail: Mail;
  readonly api: Api;
  readonly jobs: Jobs;
  readonly monitoring: Monitoring;
  readonly site: Site;

  constructor(scope: Construct, id: string, props: ConsoleStackProps) {
    const { config } = props;
    super(scope, id, {
      ...props,
      stackName: config.stackName,
      env: { account: config.account, region: config.region },
      terminationProtection: config.terminationProtection,
      // The site's web ACL comes from the edge stack in us-east-1 (SSM parameters written there
      // into this region, read here by CDK's reader; see infra/README.md).
      crossRegionReferences: true,
      description: `${config.productName} (${config.environmentName}): admin console, API, sign-in and data`,
    });
    Tags.of(this).add('ccsc:environment', config.environmentName);
    Tags.of(this).add('ccsc:product', 'ccsc-console');
    const logRetention = config.retention.logDays;

    if (config.synthesisOnly) refuseDeployment(this, config.environmentName);

    this.mail = new Mail(this, 'Mail', {
      namePrefix: config.namePrefix,
      fromAddress: config.mail.from,
      ...(config.mail.verifiedIdentity === undefined
        ? {}
        : { verifiedIdentity: config.mail.verifiedIdentity }),
      logRetention,
    });

    this.auth = new Auth(this, 'Auth', {
      namePrefix: config.namePrefix,
      productName: config.productName,
      mfa: config.mfa,
      tokens: config.tokens,
      temporaryPasswordDays: config.temporaryPasswordDays,
      threatProtection: config.threatProtection,
      bootstrapAdminEmail: config.bootstrapAdminEmail,
      logRetention,
      domainPrefix: config.cognitoDomainPrefix ?? `${config.namePrefix}-${this.account}`,
      ...(this.mail.cognitoSender
        ? {
            sesSender: {
              from: this.mail.cognitoSender.from,
              ...(config.mail.verifiedIdentity?.includes('@') === false
                ? { verifiedDomain: config.mail.verifiedIdentity }
                : {}),
              configurationSetName: this.mail.configurationSet.configurationSetName,
            },
          }
        : {}),
    });
    // The pool switches to SES only once SES confirmed the identity is verified.
    if (this.mail.cognitoSender)
      this.auth.userPool.node.addDependency(this.mail.cognitoSender.after);

    this.data = new Data(this, 'Data', {
      environmentName: config.environmentName,
      account: this.account,
      accessLogDays: config.retention.accessLogDays,
      noncurrentVersionDays: config.retention.noncurrentVersionDays,
    });
    // Malware GuardDuty found in a kept document is never served, whatever signs a link (issue 34).
    denyReadsOfMalware(this.data.documentsBucket, DOCUMENT_RECORDS_PREFIX);

    const grantTargets: Record<ResourceKey, readonly string[]> = {
      userPool: [this.auth.userPool.userPoolArn],
      mainTable: [
        this.data.mainTable.tableArn,
        ...this.data.mainTableIndexes.map((i) => `${this.data.mainTable.tableArn}/index/${i}`),
      ],
      auditTable: [this.data.auditTable.tableArn],
      auditIndexes: this.data.auditTableIndexes.map(
        (i) => `${this.data.auditTable.tableArn}/index/${i}`,
      ),
      documentsTable: [
        this.data.documentsTable.tableArn,
        ...this.data.documentsTableIndexes.map(
          (i) => `${this.data.documentsTable.tableArn}/index/${i}`,
        ),
      ],
      documentsBucket: [this.data.documentsBucket.bucketArn],
      documentsObjects: [this.data.documentsBucket.arnForObjects('*')],
      documentUploads: [this.data.documentsBucket.arnForObjects('incoming/*')],
      documentRecords: [this.data.documentsBucket.arnForObjects(`${DOCUMENT_RECORDS_PREFIX}*`)],
      artifactsBucket: [this.data.artifactsBucket.bucketArn],
      artifactsObjects: [this.data.artifactsBucket.arnForObjects('*')],
      standardRowsObjects: [this.data.artifactsBucket.arnForObjects('standards/*')],
      exportsObjects: [this.data.exportsBucket.arnForObjects('*')],
      mailSender: this.mail.sendResourceArns,
      // Made with the jobs, its only users (Jobs, below): read lazily, as only they are granted it.
      webhookQueue: [Lazy.string({ produce: () => this.jobs.webhookQueue.queue.queueArn })],
    };

    // The console (CloudFront) and the API refer to each other: the console's CSP names the
    // API's origin, the API's CORS names the console's. Without a custom domain the console's
    // origin exists only once the distribution does, so it is read lazily here. CloudFormation
    // sees no cycle: the distribution needs only the RestApi's id, while the API's preflight
    // methods, gateway responses and functions need the distribution's domain name.
    const consoleOrigin = config.customDomain
      ? `https://${config.customDomain.domainName}`
      : Lazy.string({ produce: () => this.site.origin });
    const allowedOrigins = [consoleOrigin, ...config.allowedOrigins];
    // The console's page PUTs an eTMF-EMS package into the documents bucket through a presigned
    // link (issue 17): a PUT with the Content-Type it was signed for, from the console only; and
    // GETs a document's file through its download link to show it in the page (issue 37).
    this.data.documentsBucket.addCorsRule({
      allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET],
      allowedOrigins,
      allowedHeaders: ['content-type'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });

    // LAMBDA_ENV_NAMES of lambdas/src/env.ts, every one (AWS_REGION is set by Lambda itself).
    const lambdaEnvironment: LambdaEnvironment = {
      ENVIRONMENT_NAME: config.environmentName,
      USER_POOL_ID: this.auth.userPool.userPoolId,
      USER_POOL_CLIENT_ID: this.auth.webClient.userPoolClientId,
      MAIN_TABLE: this.data.mainTable.tableName,
      AUDIT_TABLE: this.data.auditTable.tableName,
      DOCUMENTS_TABLE: this.data.documentsTable.tableName,
      DOCUMENTS_BUCKET: this.data.documentsBucket.bucketName,
      ARTIFACTS_BUCKET: this.data.artifactsBucket.bucketName,
      EXPORTS_BUCKET: this.data.exportsBucket.bucketName,
      MAIL_FROM: config.mail.from,
      // Sent with every mail: the account's verified identity may have another default set.
      MAIL_CONFIGURATION_SET: this.mail.configurationSet.configurationSetName,
      // The origins a response may name in Access-Control-Allow-Origin, the console's first.
      ALLOWED_ORIGINS: Lazy.string({ produce: () => allowedOrigins.join(',') }),
      // API credentials get their tokens here. The partner API is served by API Gateway, not at
      // the console's origin (CloudFront serves the site only): its stage URL, read lazily as
      // the Api is built below (the functions need only the RestApi's id, no cycle).
      OAUTH_TOKEN_URL: `${this.auth.domain.baseUrl()}/oauth2/token`,
      PARTNER_API_BASE_URL: Lazy.string({ produce: () => this.api.partnerBaseUrl }),
      // What a sent file may really be (the completion's content check; its default: all kinds).
      ...(config.documentContentPolicy === undefined
        ? {}
        : { DOCUMENT_CONTENT_POLICY: config.documentContentPolicy.join(',') }),
    };

    this.api = new Api(this, 'Api', {
      namePrefix: config.namePrefix,
      userPool: this.auth.userPool,
      allowedOrigins,
      environment: lambdaEnvironment,
      operationEnvironment: {
        accountLockout: { LOCKOUT_THRESHOLD: String(config.lockoutThreshold) },
        // The pool's TemporaryPasswordValidityDays, for the functions that tell when an
        // invitation expires (the user list's `invitation` filter and `invitationExpiresAt`, and
        // the dashboard's invitation figures, counted with the list's predicate).
        'list-all-users': { TEMPORARY_PASSWORD_DAYS: String(config.temporaryPasswordDays) },
        'export-users': { TEMPORARY_PASSWORD_DAYS: String(config.temporaryPasswordDays) },
        'dashboard/needs-action': {
          TEMPORARY_PASSWORD_DAYS: String(config.temporaryPasswordDays),
        },
      } satisfies Partial<Record<Operation, Partial<LambdaEnvironment>>>,
      grantTargets,
      throttle: {
        ratePerSecond: config.api.throttleRatePerSecond,
        burst: config.api.throttleBurst,
      },
      firewall: {
        requestsPerFiveMinutes: config.api.requestsPerFiveMinutes,
        publicRequestsPerFiveMinutes: config.api.publicRequestsPerFiveMinutes,
        partnerRequestsPerFiveMinutes: config.api.partnerRequestsPerFiveMinutes,
      },
      logRetention,
      accountCloudWatchRole: config.apiGatewayCloudWatchRole,
    });

    this.jobs = new Jobs(this, 'Jobs', {
      namePrefix: config.namePrefix,
      environmentName: config.environmentName,
      environment: lambdaEnvironment,
      grantTargets,
      logRetention,
      documentsBucket: {
        name: this.data.documentsBucket.bucketName,
        arn: this.data.documentsBucket.bucketArn,
      },
    });

    // Alarms, their topic and the dashboard (a nested stack); each function's alarms beside it.
    this.monitoring = new Monitoring(this, 'Monitoring', {
      namePrefix: config.namePrefix,
      environmentName: config.environmentName,
      settings: config.alarms,
      api: this.api,
      jobs: this.jobs,
      // The edge stack's ACL (edge-stack.ts), unless the environment attached its own.
      ...(config.siteWebAclArn === undefined
        ? { siteWebAclName: `${config.namePrefix}-site` }
        : {}),
    });
    // JSON logs for every Lambda function of the app, CDK's own handlers included (also those
    // of the other stacks, such as the cross-region reference handlers).
    Aspects.of(this.node.root).add(new JsonLogFormat());

    const runtimeConfig: RuntimeConfig = {
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.webClient.userPoolClientId,
      apiBaseUrl: this.api.baseUrl,
      productName: config.productName,
      supportEmail: config.supportEmail,
      environmentName: config.environmentName,
      idleTimeoutSeconds: config.idleTimeoutSeconds,
      accountName: config.accountName,
      malwareScanning: { engine: 'guardduty' },
    };
    if (!props.webBuild.found)
      Annotations.of(this).addWarningV2('ccsc:no-web-build', props.webBuild.warning);

    this.site = new Site(this, 'Site', {
      namePrefix: config.namePrefix,
      region: this.region,
      apiOrigin: this.api.origin,
      // The virtual-hosted address the SDK presigns for the documents bucket (no dots in its name).
      uploadOrigins: [
        `https://${bucketName(config.environmentName, BUCKETS.documents, this.account)}.s3.${this.region}.amazonaws.com`,
      ],
      webBuildDir: props.webBuild.found ? props.webBuild.dir : undefined,
      runtimeConfig,
      accessLogBucket: this.data.accessLogBucket,
      accessLogDays: config.retention.accessLogDays,
      logRetention,
      ...(config.customDomain ? { customDomain: config.customDomain } : {}),
      webAclArn: props.siteWebAclArn,
    });

    acknowledgeCdkProvidedFunctions(this);
    this.outputs(config);
  }

  private outputs(config: EnvironmentConfig): void {
    const out = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    out('ConsoleUrl', this.site.url, 'Where administrators open the console');
    out('ApiBaseUrl', this.api.baseUrl, 'Base URL of the /ccsc/ui/ calls (also in /config.json)');
    out(
      'PartnerApiBaseUrl',
      `${this.api.partnerBaseUrl}${PARTNER_API_PREFIX}`,
      "The partner API (API credentials' systems); its OpenAPI document is openapi.json there",
    );
    out('Region', this.region, 'Region of every regional resource of this environment');
    out('UserPoolId', this.auth.userPool.userPoolId, 'Cognito user pool of the administrators');
    out(
      'UserPoolClientId',
      this.auth.webClient.userPoolClientId,
      "The console's app client (no secret)",
    );
    out(
      'IdentityPoolId',
      this.auth.identityPoolId,
      'Identity pool (authenticated role has no permissions)',
    );
    out(
      'CognitoDomain',
      this.auth.domain.baseUrl(),
      'Cognito domain; machine clients (API credentials) get tokens at <domain>/oauth2/token',
    );
    out(
      'MainTableName',
      this.data.mainTable.tableName,
      'DynamoDB table of organisations, credentials, standards',
    );
    out('AuditTableName', this.data.auditTable.tableName, 'DynamoDB audit trail (append-only)');
    out('DocumentsBucketName', this.data.documentsBucket.bucketName, 'S3 bucket of documents');
    out(
      'ArtifactsBucketName',
      this.data.artifactsBucket.bucketName,
      'S3 bucket of mapping-standard artifacts',
    );
    out(
      'ExportsBucketName',
      this.data.exportsBucket.bucketName,
      'S3 bucket of CSV exports (1 day)',
    );
    out(
      'AccessLogBucketName',
      this.data.accessLogBucket.bucketName,
      'S3 server access logs of every bucket',
    );
    out(
      'SiteBucketName',
      this.site.bucket.bucketName,
      "S3 bucket of the console's files (private, via CloudFront)",
    );
    out(
      'DistributionId',
      this.site.distribution.distributionId,
      'CloudFront distribution (for invalidations)',
    );
    out(
      'ApiWebAclArn',
      this.api.firewall.webAcl.attrArn,
      "WAF web ACL in front of the API's stage",
    );
    out(
      'MailFrom',
      config.mail.from,
      config.mail.verifiedIdentity === undefined
        ? "Sender of the product's mails: click the link SES mails to it once; Cognito uses its own sender"
        : `Sender of every mail, Cognito's too, through the verified SES identity ${config.mail.verifiedIdentity}`,
    );
  }
}
