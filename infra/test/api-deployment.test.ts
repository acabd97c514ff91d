import { NestedStack, type Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import { describe, expect, it } from 'vitest';
import { routeList } from '@ccsc/contract';
import { PARTNER_FUNCTIONS } from '../lib/constructs/api';
import { FEATURE_AREA_NAMES, FEATURE_AREAS } from '../lib/feature-areas';
import {
  FIXTURE_WEB_BUILD,
  logicalIdIn,
  resourcesOf,
  sitStack,
  stacksOf,
  synthesize,
  templateOf,
  testEnvironmentStack,
  type Synthesized,
} from './support/stacks';

/**
 * The methods live in nested stacks (Api/Routes-<area>), the stage and its deployment in the
 * parent. A deployment is a snapshot of the API's methods: the stage publishes a route only if
 * its deployment is created after the route's method, and is re-created when a method changes.
 */
const deploymentOf = ({ template }: Synthesized) => {
  const deployments = Object.entries(resourcesOf(template, 'AWS::ApiGateway::Deployment'));
  expect(deployments).toHaveLength(1);
  const [id, resource] = deployments[0] ?? [];
  if (id === undefined || resource === undefined) throw new Error('no deployment');
  const stage = Object.values(resourcesOf(template, 'AWS::ApiGateway::Stage'));
  expect(stage.map((s) => s.Properties?.DeploymentId)).toEqual([{ Ref: id }]);
  const dependsOn = resource.DependsOn;
  return {
    id,
    dependsOn: new Set(Array.isArray(dependsOn) ? (dependsOn as string[]) : [dependsOn]),
  };
};

/** The resource of the parent stack a method is deployed by: itself or its nested stack. */
const deployedBy = (parent: Stack, s: Stack, methodId: string): string => {
  let nested = s;
  while (nested.nestedStackParent !== undefined && nested.nestedStackParent !== parent) {
    nested = nested.nestedStackParent;
  }
  if (nested === parent) return methodId;
  if (!NestedStack.isNestedStack(nested)) throw new Error(`${s.node.path} is not in the parent`);
  return logicalIdIn(nested.nestedStackResource);
};

describe('Api: the stage’s deployment and the methods in nested stacks', () => {
  it('keeps no method in the parent stack and every one in its area’s routes stack', () => {
    const sit = sitStack();
    expect(Object.keys(resourcesOf(sit.template, 'AWS::ApiGateway::Method'))).toEqual([]);
    for (const area of FEATURE_AREA_NAMES) {
      const routes = sit.stack.api.routeStacks[area];
      const methods = Object.values(resourcesOf(templateOf(routes), 'AWS::ApiGateway::Method'));
      const consoleRoutes = routeList.filter((r) =>
        (FEATURE_AREAS[area] as readonly string[]).includes(r.operation),
      );
      // A console route's method and its preflight; a partner call's method.
      expect(methods.length, area).toBe(
        area === 'partner' ? PARTNER_FUNCTIONS.length : 2 * consoleRoutes.length,
      );
    }
  });

  it('creates the deployment after every method: it depends on each, directly or through its nested stack', () => {
    const sit = sitStack();
    const deployment = deploymentOf(sit);
    let methods = 0;
    for (const s of stacksOf(sit.app)) {
      for (const methodId of Object.keys(resourcesOf(templateOf(s), 'AWS::ApiGateway::Method'))) {
        methods += 1;
        const by = deployedBy(sit.stack, s, methodId);
        expect(deployment.dependsOn.has(by), `${s.node.path}/${methodId}`).toBe(true);
      }
    }
    expect(methods).toBe(2 * routeList.length + PARTNER_FUNCTIONS.length);
    // The request models too (RouteExtras): a method names its model, which must exist first.
    expect(
      deployment.dependsOn.has(logicalIdIn(sit.stack.api.routeExtras.nestedStackResource)),
    ).toBe(true);
  });

  it('gives the deployment a new logical id when a route changes, so that the stage publishes it', () => {
    const before = deploymentOf(testEnvironmentStack());
    const changed = synthesize({
      environmentName: 'test',
      webBuildDir: FIXTURE_WEB_BUILD,
      // A route more in a routes stack (a nested stack): what a new operation of the users'
      // area does, through the same path as the area's methods.
      tamper: (stack) => {
        const [operation] = FEATURE_AREAS.users;
        const path = operation === undefined ? undefined : stack.api.paths[operation];
        if (path === undefined) throw new Error('no path of the users’ area');
        apigw.Resource.fromResourceAttributes(stack.api.routeStacks.users, 'Changed', {
          restApi: stack.api.restApi,
          resourceId: path.resourceId,
          path: path.path,
        }).addMethod('PATCH', new apigw.MockIntegration(), {
          authorizationType: apigw.AuthorizationType.COGNITO,
          authorizer: stack.api.authorizer,
        });
      },
    });
    const after = deploymentOf(changed);
    expect(after.id).not.toBe(before.id);
    // Same construct, new hash: CloudFormation creates the new deployment, points the stage
    // at it, and deletes the old one.
    expect(after.id.replace(/[0-9a-f]{32}$/, '')).toBe(before.id.replace(/[0-9a-f]{32}$/, ''));
    expect(
      after.dependsOn.has(logicalIdIn(changed.stack.api.routeStacks.users.nestedStackResource)),
    ).toBe(true);
  }, 300_000);
});
