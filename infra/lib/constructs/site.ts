import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '@ccsc/contract';
import {
  cognitoRegionalEndpoint,
  contentSecurityPolicy,
  PERMISSIONS_POLICY,
} from '@ccsc/contract/security-headers';
import { validateRuntimeConfig } from '../runtime-config';

export interface SiteProps {
  readonly namePrefix: string;
  readonly region: string;
  /** The API's origin (scheme + host): where the console calls, besides Cognito. */
  readonly apiOrigin: string;
  /**
   * Where the browser PUTs files through presigned links (the documents bucket's origin), written
   * from the bucket's name rather than its attribute: the bucket's CORS rule names this
   * distribution, so a reference back would be a cycle.
   */
  readonly uploadOrigins: readonly string[];
  /** The web build (web/dist), or undefined to leave the site's content as it is. */
  readonly webBuildDir: string | undefined;
  /** Written to /config.json at deploy time; checked against runtimeConfigSchema at synthesis. */
  readonly runtimeConfig: RuntimeConfig;
  readonly accessLogBucket: s3.IBucket;
  readonly accessLogDays: number;
  readonly logRetention: logs.RetentionDays;
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  /** The CLOUDFRONT-scope web ACL (us-east-1) of the distribution: the edge stack's, or one given. */
  readonly webAclArn: string;
}

/** One year, immutable: Vite puts a content hash in every file name under assets/. */
const IMMUTABLE = [
  s3deploy.CacheControl.setPublic(),
  s3deploy.CacheControl.maxAge(Duration.days(365)),
  s3deploy.CacheControl.immutable(),
];

/**
 * The console's web build in a private bucket behind CloudFront (origin access control, TLS,
 * strict security headers, SPA fallback for deep links, access logs), and /config.json written
 * at deploy time from the stack's own values, so one web build serves every environment.
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;
  /** https://<console host> */
  readonly origin: string;
  readonly url: string;
  /** The content security policy the console is served with. */
  readonly contentSecurityPolicy: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const runtimeConfig = validateRuntimeConfig(props.runtimeConfig);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      serverAccessLogsBucket: props.accessLogBucket,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // CloudFront's standard logs are written with ACLs, so this bucket keeps them enabled.
    const cdnLogBucket = new s3.Bucket(this, 'CdnLogBucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      lifecycleRules: [{ expiration: Duration.days(props.accessLogDays) }],
      serverAccessLogsBucket: props.accessLogBucket,
      serverAccessLogsPrefix: 'cdn-logs/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // The same policy the offline server sends (@ccsc/contract/security-headers); Amplify talks to
    // Cognito's regional endpoint, the console calls the API.
    this.contentSecurityPolicy = contentSecurityPolicy({
      cognitoEndpoint: cognitoRegionalEndpoint(props.region),
      apiOrigin: props.apiOrigin,
      uploadOrigins: props.uploadOrigins,
    });

    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'Headers', {
      responseHeadersPolicyName: `${props.namePrefix}-console`,
      comment: 'Security headers of the admin console',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: this.contentSecurityPolicy,
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
        ],
      },
    });

    const s3Origin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const custom = props.customDomain;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${props.namePrefix} admin console`,
      // "/" is the login screen, prerendered into login.html (web/vite.config.ts); deep links
      // below get index.html, the app without it.
      defaultRootObject: 'login.html',
      defaultBehavior: {
        origin: s3Origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
      },
      additionalBehaviors: {
        // Read at every start of the console; never served stale after a deploy.
        '/config.json': {
          origin: s3Origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
      },
      // Deep links (/admin/user-management, ...) are routes of the single-page app: the bucket
      // has no such object (403 through OAC, or 404), so CloudFront answers with the app.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(10),
      })),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: cdnLogBucket,
      logFilePrefix: 'cloudfront/',
      ...(custom
        ? {
            domainNames: [custom.domainName],
            certificate: acm.Certificate.fromCertificateArn(
              this,
              'Certificate',
              custom.certificateArn,
            ),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: cloudfront.SSLMethod.SNI,
          }
        : {}),
      webAclId: props.webAclArn,
    });

    this.origin = custom
      ? `https://${custom.domainName}`
      : `https://${this.distribution.distributionDomainName}`;
    this.url = `${this.origin}/`;

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'Administrators and the organisations they connect work from many countries; the ' +
        'console is not restricted by geography. Access is controlled by sign-in and MFA.',
    });
    if (!custom) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the *.cloudfront.net certificate, for ' +
          'which CloudFront does not allow choosing the minimum TLS version. Set customDomain ' +
          'to serve TLSv1.2_2021 or newer only.',
      });
    }

    const deploymentLogs = new logs.LogGroup(this, 'DeploymentLogs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const common = {
      destinationBucket: this.bucket,
      // Never delete: files of the previous build stay for browsers that still run it, and a
      // deploy can never empty the site.
      prune: false,
      memoryLimit: 512,
      logGroup: deploymentLogs,
      // The keys of a few dozen files would crowd CloudFormation's 4 KB response limit; unused.
      outputObjectKeys: false,
    };

    // No CloudFront invalidation is needed after a deploy: hashed assets never change, pages are
    // stored with "no-cache" (CloudFront revalidates them after its 1-second minimum TTL) and
    // /config.json is never cached at all.
    let content: s3deploy.BucketDeployment[] = [];
    if (props.webBuildDir !== undefined) {
      // The .br/.gz copies next to each asset are for the offline server; CloudFront compresses.
      const build = s3deploy.Source.asset(props.webBuildDir, { exclude: ['*.br', '*.gz'] });
      content = [
        new s3deploy.BucketDeployment(this, 'DeployAssets', {
          ...common,
          sources: [build],
          exclude: ['*'],
          include: ['assets/*'],
          cacheControl: IMMUTABLE,
        }),
        new s3deploy.BucketDeployment(this, 'DeployPages', {
          ...common,
          sources: [build],
          // .vite/ holds the build manifest (for the size budget), not something to serve;
          // /config.json is this stack's own, written below.
          exclude: ['assets/*', '.vite/*', 'config.json'],
          cacheControl: [s3deploy.CacheControl.noCache()],
        }),
      ];
    }

    const config = new s3deploy.BucketDeployment(this, 'DeployRuntimeConfig', {
      ...common,
      sources: [s3deploy.Source.jsonData('config.json', runtimeConfig)],
      // Like index.html: the browser revalidates on every load (issue 13); CloudFront keeps none.
      cacheControl: [s3deploy.CacheControl.noCache()],
      contentType: 'application/json',
    });
    for (const c of content) config.node.addDependency(c);
  }
}
