import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { partnerRouteList } from '@ccsc/contract/partner-api';
import { acknowledgementsOf } from '../lib/nag';
import { FIXTURE_WEB_BUILD, sitStack, synthesize, variantStack } from './support/stacks';

const acknowledgements = (root: IConstruct) =>
  root.node.findAll().flatMap((c) =>
    Object.entries(acknowledgementsOf(c)).map(([id, reason]) => ({
      path: c.node.path,
      id: id.replace(/^annotation::/i, ''),
      reason,
    })),
  );

describe('cdk-nag (AwsSolutions and Serverless packs)', () => {
  it('passes every environment with no unacknowledged finding', () => {
    for (const s of [sitStack(), variantStack()]) {
      // app.synth() throws on a finding; the report it leaves behind is empty.
      const report = JSON.parse(
        readFileSync(join(s.assembly.directory, 'validation-report.json'), 'utf8'),
      ) as { pluginReports: unknown[] };
      expect(report.pluginReports).toEqual([]);
    }
  });

  it('fails synthesis on an unacknowledged finding', () => {
    expect(() =>
      synthesize({
        environmentName: 'test',
        webBuildDir: FIXTURE_WEB_BUILD,
        tamper: (stack) => {
          new s3.Bucket(stack, 'UnloggedBucket', { enforceSSL: true });
        },
      }),
    ).toThrow(/UnloggedBucket[\s\S]*AwsSolutions-S1/);
  });

  it('checks the nested stacks too (the functions of each feature area)', () => {
    expect(() =>
      synthesize({
        environmentName: 'test',
        webBuildDir: FIXTURE_WEB_BUILD,
        tamper: (stack) => {
          new s3.Bucket(stack.api.functionStacks.users, 'UnloggedBucket', { enforceSSL: true });
        },
      }),
    ).toThrow(/Functions-users\/UnloggedBucket[\s\S]*AwsSolutions-S1/);
  });

  it('states a reason for every acknowledgement', () => {
    for (const ack of acknowledgements(sitStack().app)) {
      expect(ack.reason.length, `${ack.path} ${ack.id}`).toBeGreaterThan(40);
    }
  });

  it('acknowledges only these rules (a new acknowledgement must be added here, on purpose)', () => {
    const ids = new Set(acknowledgements(sitStack().app).map((a) => a.id.replace(/\[.*$/, '[…]')));
    expect([...ids].sort()).toEqual(
      [
        'AwsSolutions-APIG4',
        'AwsSolutions-CFR1',
        'AwsSolutions-CFR4',
        'AwsSolutions-COG1',
        'AwsSolutions-COG2',
        'AwsSolutions-COG4',
        'AwsSolutions-IAM4[…]',
        'AwsSolutions-IAM5[…]',
        'AwsSolutions-L1',
        'AwsSolutions-S1',
        // The scan verdicts' and the webhook deliveries' dead-letter queues are themselves
        // dead-letter queues (issues 34, 36).
        'AwsSolutions-SQS3',
        'Serverless-EventBusDLQ',
        // The webhook queue's consumer: an SQS event source takes no on-failure destination, its
        // queue's redrive policy is its dead-letter queue (issue 36).
        'Serverless-LambdaEventSourceMappingDestination',
        'Serverless-LambdaAsyncFailureDestination',
        'Serverless-LambdaDLQ',
        'Serverless-LambdaLatestVersion',
        'Serverless-LambdaTracing',
        'Serverless-SQSRedrivePolicy',
      ].sort(),
    );
  });

  it('acknowledges authorizer findings only on the public routes and the partner calls (their functions check the token)', () => {
    // Named by the method's path and verb (the methods are in the routes stacks, Routes-<area>,
    // on imported paths: their construct paths name the operation, not the route).
    const apig4 = sitStack()
      .app.node.findAll()
      .filter((c) =>
        Object.keys(acknowledgementsOf(c)).some(
          (id) => id.replace(/^annotation::/i, '') === 'AwsSolutions-APIG4',
        ),
      );
    const paths = apig4.map((c) =>
      c instanceof apigw.Method
        ? `${c.resource.path.replace(/^\/ccsc\/(ui|api\/v1)\//, '')}/${c.httpMethod}`
        : c.node.path,
    );
    const preflights = paths.filter((p) => p.endsWith('/OPTIONS'));
    const routes = paths.filter((p) => !p.endsWith('/OPTIONS')).sort();
    expect(routes).toEqual(
      [
        'accountLockout/POST',
        'confirm-forget-password/POST',
        'decription/POST',
        'forget-totp/POST',
        'forget-totp/confirm/POST',
        'get-api-credential-link/POST',
        // The partner API's public description (/ccsc/api/v1/openapi.json).
        'openapi.json/GET',
        // The partner calls: no gateway authorizer, the function verifies the access token so
        // that its 401 carries RFC 6750's challenge (issue 36, partner-api.ts).
        ...partnerRouteList.map((r) => `${r.path}/${r.method}`),
      ].sort(),
    );
    expect(preflights).toEqual([]);
  });
});
