import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@ccsc/contract';
import { logicalId, resourcesOf, sitStack, variantStack, type Synthesized } from './support/stacks';

const { template, stack } = sitStack();
const distribution = () =>
  Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0]?.Properties
    ?.DistributionConfig as Record<string, unknown>;

const deployments = (s: Synthesized) =>
  Object.values(resourcesOf(s.template, 'Custom::CDKBucketDeployment')).map(
    (r) => r.Properties as Record<string, unknown>,
  );

/** /config.json as it will be written: the staged file with its deploy-time markers resolved. */
const runtimeConfigOf = (s: Synthesized): Record<string, unknown> => {
  const deployment = deployments(s).find((d) => d.SourceMarkers !== undefined);
  const [key] = deployment?.SourceObjectKeys as string[];
  const assetDir = join(s.assembly.directory, `asset.${(key ?? '').replace(/\.zip$/, '')}`);
  const raw = JSON.parse(readFileSync(join(assetDir, 'config.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const markers = (deployment?.SourceMarkers as Record<string, unknown>[])[0] ?? {};
  return Object.fromEntries(
    Object.entries(raw).map(([k, v]) => {
      if (typeof v !== 'string' || !v.includes('<<marker:')) return [k, v];
      const whole = markers[v];
      if (whole !== undefined) return [k, whole];
      return [k, v.replace(/<<marker:0xbaba:\d+>>/g, (m) => `\${${JSON.stringify(markers[m])}}`)];
    }),
  );
};

describe('Site: CloudFront in front of a private bucket', () => {
  it('reads the bucket through origin access control only', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const origin = (distribution().Origins as Record<string, unknown>[])[0];
    expect(origin?.OriginAccessControlId).toBeDefined();
    expect(origin?.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalId(stack, stack.site.bucket) },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: Match.objectLike({ StringEquals: Match.anyValue() }),
          }),
        ]),
      },
    });
  });

  it('redirects to HTTPS and answers deep links with the app (403/404 -> /index.html, 200)', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('login.html'); // the login screen, prerendered
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    expect(config.CustomErrorResponses).toEqual([
      expect.objectContaining({
        ErrorCode: 403,
        ResponseCode: 200,
        ResponsePagePath: '/index.html',
      }),
      expect.objectContaining({
        ErrorCode: 404,
        ResponseCode: 200,
        ResponsePagePath: '/index.html',
      }),
    ]);
    expect(config.CacheBehaviors).toEqual([
      expect.objectContaining({
        PathPattern: '/config.json',
        ViewerProtocolPolicy: 'redirect-to-https',
      }),
    ]);
  });

  it('writes access logs', () => {
    expect(distribution().Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [expect.stringMatching(/^SiteCdnLogBucket/), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
  });

  it('serves TLS 1.2+ with a custom domain', () => {
    const custom = Object.values(
      resourcesOf(variantStack().template, 'AWS::CloudFront::Distribution'),
    )[0]?.Properties?.DistributionConfig as Record<string, unknown>;
    expect(custom.Aliases).toEqual(['console.example.org']);
    expect(custom.ViewerCertificate).toMatchObject({
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    expect(custom.WebACLId).toMatch(/^arn:aws:wafv2:us-east-1:/);
  });
});

describe('Site: security headers', () => {
  const policy = () =>
    Object.values(resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy'))[0]?.Properties
      ?.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
    };

  it('applies the policy to every behaviour', () => {
    const id = { Ref: logicalId(stack, stack.site.responseHeadersPolicy) };
    const config = distribution();
    expect(
      (config.DefaultCacheBehavior as Record<string, unknown>).ResponseHeadersPolicyId,
    ).toEqual(id);
    for (const b of config.CacheBehaviors as Record<string, unknown>[]) {
      expect(b.ResponseHeadersPolicyId).toEqual(id);
    }
  });

  it('has a strict CSP that lets the console reach Cognito, the API and the documents bucket, and nothing else', () => {
    const csp = policy().SecurityHeadersConfig.ContentSecurityPolicy as {
      ContentSecurityPolicy: { 'Fn::Join': [string, unknown[]] };
      Override: boolean;
    };
    expect(csp.Override).toBe(true);
    const text = csp.ContentSecurityPolicy['Fn::Join'][1]
      .map((p) => (typeof p === 'string' ? p : `{${JSON.stringify(p)}}`))
      .join('');
    const restApi = logicalId(stack, stack.api.restApi);
    expect(text).toContain(
      `connect-src 'self' https://cognito-idp.us-west-2.amazonaws.com https://{{"Ref":"${restApi}"}}.execute-api.us-west-2.{{"Ref":"AWS::URLSuffix"}} https://ccsc-sit-documents-{{"Ref":"AWS::AccountId"}}.s3.us-west-2.amazonaws.com;`,
    );
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
    ]) {
      expect(text).toContain(directive);
    }
    expect(text).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('sends HSTS, nosniff, DENY framing and a referrer policy', () => {
    const headers = policy().SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toMatchObject({
      ReferrerPolicy: 'strict-origin-when-cross-origin',
    });
  });
});

describe('Site: content and /config.json', () => {
  it('writes /config.json from the stack’s own values, in the shape of runtimeConfigSchema', () => {
    const config = runtimeConfigOf(sitStack());
    expect(config).toEqual({
      region: 'us-west-2',
      userPoolId: { Ref: logicalId(stack, stack.auth.userPool) },
      userPoolClientId: { Ref: logicalId(stack, stack.auth.webClient) },
      apiBaseUrl: expect.stringMatching(
        /^https:\/\/\$\{\{"Ref":"ApiRestApi\w+"\}\}\.execute-api\.us-west-2\.\$\{\{"Ref":"AWS::URLSuffix"\}\}\/\$\{\{"Ref":"ApiRestApiDeploymentStagev1\w+"\}\}\/ccsc\/ui\/$/,
      ) as unknown,
      productName: 'CCSC Admin Console',
      supportEmail: 'console-support@acme-trials.com',
      environmentName: 'sit',
      idleTimeoutSeconds: 1800,
      accountName: 'CCSC SIT',
      malwareScanning: { engine: 'guardduty' },
    });
    // The same file the offline stack serves: valid against the web app's schema, no cognitoEndpoint.
    const withStandIns = {
      ...config,
      userPoolId: 'us-west-2_Example1',
      userPoolClientId: 'client',
      apiBaseUrl: 'https://x.execute-api.us-west-2.amazonaws.com/v1/ccsc/ui/',
    };
    expect(runtimeConfigSchema.strict().parse(withStandIns)).toEqual(withStandIns);
    expect(config).not.toHaveProperty('cognitoEndpoint');
  });

  it('never lets /config.json be cached, so a deploy needs no invalidation', () => {
    const deployment = deployments(sitStack()).find((d) => d.SourceMarkers !== undefined);
    expect(deployment).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'no-cache', 'content-type': 'application/json' },
    });
    const behaviour = (distribution().CacheBehaviors as Record<string, unknown>[])[0];
    // AWS's managed CachingDisabled policy.
    expect(behaviour?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
  });

  it('uploads the web build: hashed assets immutable, pages revalidated, nothing pruned', () => {
    const content = deployments(sitStack()).filter((d) => d.SourceMarkers === undefined);
    expect(content).toEqual([
      expect.objectContaining({
        Include: ['assets/*'],
        Exclude: ['*'],
        Prune: false,
        SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      }),
      expect.objectContaining({
        Exclude: ['assets/*', '.vite/*', 'config.json'],
        Prune: false,
        SystemMetadata: { 'cache-control': 'no-cache' },
      }),
    ]);
  });

  it('without a web build deploys /config.json only, and says so', () => {
    const variant = variantStack();
    const all = deployments(variant);
    expect(all).toHaveLength(1);
    expect(all[0]?.SourceMarkers).toBeDefined();
    const warnings = variant.assembly
      .getStackArtifact(variant.stack.artifactId)
      .findMetadataByType('aws:cdk:warning')
      .map((m) => JSON.stringify(m.data));
    expect(warnings.some((w) => w.includes('does NOT include the console'))).toBe(true);
  });
});
