import { statSync } from 'node:fs';
import { join } from 'node:path';
import { CfnResource, NestedStack, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { operations, type Operation } from '@ccsc/contract';
import { implemented } from '@ccsc/lambdas/handlers';
import { PARTNER_FUNCTIONS, type PartnerFunction } from '../lib/constructs/api';
import { sitStack, stacksOf, templateOf } from './support/stacks';

/**
 * CloudFormation refuses a template of more than 500 resources (and 200 parameters, 200 outputs,
 * 1 MB). We keep every stack — the environment's and each nested one — at 400 at most, today and
 * once every operation of the contract is implemented (README, "Staying under CloudFormation's
 * limits").
 */
const MAX_RESOURCES = 400;
const MAX_PARAMETERS = 200;
const MAX_OUTPUTS = 200;
const MAX_TEMPLATE_BYTES = 1_000_000;

const { app, stack, assembly } = sitStack();
const stacks = stacksOf(app);

interface Counted {
  readonly name: string;
  readonly stack: Stack;
  /** The resources of the synthesized template. */
  readonly inTemplate: number;
  /** Those, plus the AWS::CDK::Metadata resource `cdk synth`/`cdk deploy` add to every template. */
  readonly resources: number;
  /** Resources of no single operation: the stack's own (API, pool, tables, site, jobs, ...). */
  readonly fixed: number;
  /** The most resources any one operation has in this stack. */
  readonly perOperation: number;
  /** How many operations (and partner calls) have resources in this stack. */
  readonly operations: number;
  readonly perOperationImplemented: number;
}

/**
 * The constructs each operation brings, wherever they are: its function (function, role, policy,
 * log group), its permission to invoke the function, its method, the CORS preflight of its
 * resource, its request model, and the API resource of its own path. (A path prefix that is no
 * operation's own path, such as /ccsc/ui/artifact, is shared and counted as fixed.)
 */
const operationRoots = (op: Operation): IConstruct[] => {
  const method: apigw.Method = stack.api.methods[op];
  const preflight = method.resource.node.tryFindChild('OPTIONS');
  const model = stack.api.models[op];
  return [
    stack.api.functions[op],
    stack.api.routeExtras.permissions[op],
    method,
    ...(preflight ? [preflight] : []),
    ...(model ? [model] : []),
  ];
};
const ownPathResource = (op: Operation): IConstruct | undefined =>
  stack.api.methods[op].resource.node.defaultChild;

/**
 * The partner API's calls (/ccsc/api/v1/...) cost the same way: function, invoke permission,
 * method and own path (no preflight, no model). Counted as operations of their own.
 */
const partnerRoots = (name: PartnerFunction): IConstruct[] => {
  const permission = stack.api.routeExtras.partnerPermissions[name];
  return [
    stack.api.functions[name],
    stack.api.partnerMethods[name],
    ...(permission ? [permission] : []),
  ];
};

type Owner = Operation | PartnerFunction;
const ownerOf = new Map<IConstruct, Owner>();
for (const op of operations) {
  for (const root of operationRoots(op)) {
    for (const c of root.node.findAll()) if (CfnResource.isCfnResource(c)) ownerOf.set(c, op);
  }
  const own = ownPathResource(op);
  if (own) ownerOf.set(own, op);
}
for (const name of PARTNER_FUNCTIONS) {
  for (const root of partnerRoots(name)) {
    for (const c of root.node.findAll()) if (CfnResource.isCfnResource(c)) ownerOf.set(c, name);
  }
  const own = stack.api.partnerMethods[name].resource.node.defaultChild;
  if (own) ownerOf.set(own, name);
}
const isImplemented = (owner: Owner): boolean =>
  owner in implemented || (PARTNER_FUNCTIONS as readonly string[]).includes(owner);

const counted: Counted[] = stacks.map((s) => {
  const template = templateOf(s).toJSON() as { Resources: Record<string, { Type: string }> };
  const inTemplate = Object.keys(template.Resources).length;
  const cliMetadata = Object.values(template.Resources).some((r) => r.Type === 'AWS::CDK::Metadata')
    ? 0
    : 1;
  const resources = inTemplate + cliMetadata;
  const perOp = new Map<Owner, number>();
  for (const c of s.node.findAll()) {
    if (!CfnResource.isCfnResource(c) || Stack.of(c) !== s) continue;
    const op = ownerOf.get(c);
    if (op) perOp.set(op, (perOp.get(op) ?? 0) + 1);
  }
  const attributed = [...perOp.values()].reduce((a, b) => a + b, 0);
  return {
    name: s.node.path,
    stack: s,
    inTemplate,
    resources,
    fixed: resources - attributed,
    perOperation: Math.max(0, ...perOp.values()),
    operations: perOp.size,
    perOperationImplemented: Math.max(
      0,
      ...[...perOp].filter(([op]) => isImplemented(op)).map(([, n]) => n),
    ),
  };
});

/**
 * Operations the next features add to the contract (issue 13: "about twenty"): standards,
 * documents and the document exchange's partner routes. The partner API's calls of issue 15
 * (me, connections, openapi.json) are counted as they are, beside the contract's operations.
 */
const OPERATIONS_TO_COME = 0;

/** The stacks of the API's functions: each feature area's, and the partner API's. */
const functionStacks: ReadonlySet<Stack> = new Set<Stack>([
  ...Object.values(stack.api.functionStacks),
]);

describe("CloudFormation's limits", () => {
  it('synthesizes the environment as a stack with nested stacks, and counts them all', () => {
    // (A boolean: printing a Stack on failure walks into constructs CDK forbids touching.)
    expect(stacks.includes(stack)).toBe(true);
    expect(stacks.filter((s) => NestedStack.isNestedStack(s)).length).toBeGreaterThan(0);
    // Every resource of every template is a construct of its stack (nothing escapes the count).
    for (const c of counted) {
      const cfn = c.stack.node
        .findAll()
        .filter((x) => CfnResource.isCfnResource(x) && Stack.of(x) === c.stack);
      expect(cfn.length, c.name).toBe(c.inTemplate);
    }
  });

  it(`keeps every stack, nested ones included, at ${String(MAX_RESOURCES)} resources or fewer`, () => {
    for (const c of counted) expect(c.resources, c.name).toBeLessThanOrEqual(MAX_RESOURCES);
  });

  it('still does with every operation of the contract, and twenty more to come, each with its own function', () => {
    // What an operation costs where it is, measured on the synthesized app: the implemented ones
    // and the ones still answering 501 cost the same (both have their own function), and the
    // largest is taken for every operation of the contract.
    for (const c of counted) {
      expect(c.perOperationImplemented, c.name).toBeLessThanOrEqual(c.perOperation);
      // The whole product: today's contract plus the operations the coming features add. A
      // feature area's functions stay in its own stack: there, its operations and (at worst)
      // every one to come; the parent and RouteExtras hold a part of every operation.
      const all = functionStacks.has(c.stack)
        ? c.operations + OPERATIONS_TO_COME
        : operations.length + PARTNER_FUNCTIONS.length + OPERATIONS_TO_COME;
      const projected = c.fixed + c.perOperation * all;
      expect(
        projected,
        `${c.name}: ${String(c.fixed)} + ${String(c.perOperation)} × ${String(all)}`,
      ).toBeLessThanOrEqual(MAX_RESOURCES);
    }
    // The measure is not empty: each route's path, method and preflight stay in the parent, its
    // invoke permission and model in RouteExtras, each function in its area's nested stack (the
    // partner API's in one of its own).
    const parent = counted.find((c) => c.stack === stack);
    expect(parent?.perOperation).toBe(3);
    const extras = counted.find((c) => c.stack === stack.api.routeExtras);
    expect(extras?.perOperation).toBe(2);
    for (const c of counted.filter((x) => functionStacks.has(x.stack))) {
      // function, role, policy, log group, and its Errors and Throttles alarms
      expect(c.perOperation, c.name).toBe(6);
    }
  });

  it('stays within the parameters, outputs and template size CloudFormation allows', () => {
    for (const c of counted) {
      const template = templateOf(c.stack).toJSON() as {
        Parameters?: object;
        Outputs?: object;
      };
      expect(Object.keys(template.Parameters ?? {}).length, c.name).toBeLessThanOrEqual(
        MAX_PARAMETERS,
      );
      expect(Object.keys(template.Outputs ?? {}).length, c.name).toBeLessThanOrEqual(MAX_OUTPUTS);
      const file = NestedStack.isNestedStack(c.stack)
        ? c.stack.templateFile
        : `${c.stack.artifactId}.template.json`;
      expect(statSync(join(assembly.directory, file)).size, c.name).toBeLessThanOrEqual(
        MAX_TEMPLATE_BYTES,
      );
    }
  });
});
