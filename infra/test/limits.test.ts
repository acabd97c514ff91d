import { statSync } from 'node:fs';
import { join } from 'node:path';
import { CfnResource, NestedStack, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { operations, type Operation } from '@ccsc/contract';
import { implemented } from '@ccsc/lambdas/handlers';
import { PARTNER_FUNCTIONS, type PartnerFunction } from '../lib/constructs/api';
import { areaOf, FEATURE_AREA_NAMES, FEATURE_AREAS } from '../lib/feature-areas';
import { logicalIdIn, resourcesAround, sitStack, stacksOf, templateOf } from './support/stacks';

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

const api = stack.api;

/**
 * The constructs each operation brings, wherever they are: its function (function, role, policy,
 * log group, alarms), its permission to invoke the function and its request model (RouteExtras),
 * its method and CORS preflight (its area's routes stack), and the API resource of its own path
 * (the parent). (A path prefix that is no operation's own path, such as /ccsc/ui/artifact, is
 * shared and counted as fixed.)
 */
const operationRoots = (op: Operation): IConstruct[] => {
  const preflight = api.routeStacks[areaOf(op)].preflights[op];
  const model = api.models[op];
  return [
    api.functions[op],
    api.routeExtras.permissions[op],
    api.methods[op],
    ...(preflight ? [preflight] : []),
    ...(model ? [model] : []),
  ];
};

/**
 * The partner API's calls (/ccsc/api/v1/...) cost the same way: function, invoke permission,
 * method and own path (no preflight, no model). Counted as operations of their own.
 */
const partnerRoots = (name: PartnerFunction): IConstruct[] => {
  const permission = api.routeExtras.partnerPermissions[name];
  return [api.functions[name], api.partnerMethods[name], ...(permission ? [permission] : [])];
};

type Owner = Operation | PartnerFunction;
const ownerOf = new Map<IConstruct, Owner>();
const own = (owner: Owner, roots: IConstruct[]) => {
  for (const root of roots) {
    for (const c of root.node.findAll()) if (CfnResource.isCfnResource(c)) ownerOf.set(c, owner);
  }
  const path = api.paths[owner]?.node.defaultChild;
  if (path) ownerOf.set(path, owner);
};
for (const op of operations) own(op, operationRoots(op));
for (const name of PARTNER_FUNCTIONS) own(name, partnerRoots(name));
const isImplemented = (owner: Owner): boolean =>
  owner in implemented || (PARTNER_FUNCTIONS as readonly string[]).includes(owner);

/** Each stack's operation-owned resources by logical id. */
const ownerByLogicalId = new Map<Stack, Map<string, Owner>>();
for (const [c, owner] of ownerOf) {
  const s = Stack.of(c);
  const byId = ownerByLogicalId.get(s) ?? new Map<string, Owner>();
  byId.set(logicalIdIn(c), owner);
  ownerByLogicalId.set(s, byId);
}
const nestedByLogicalId = (parent: Stack, id: string): Stack | undefined =>
  stacks.find(
    (n) =>
      NestedStack.isNestedStack(n) &&
      n.nestedStackParent === parent &&
      logicalIdIn(n.nestedStackResource) === id,
  );

/**
 * The operations a value of a template names: the resources its `Ref`s and `Fn::GetAtt`s point
 * at, followed through a nested stack's outputs (a function's ARN, a model's name).
 */
const ownersOf = (s: Stack, value: unknown, found = new Set<Owner>()): Set<Owner> => {
  if (Array.isArray(value)) {
    for (const v of value) ownersOf(s, v, found);
    return found;
  }
  if (value === null || typeof value !== 'object') return found;
  const { Ref: ref, 'Fn::GetAtt': getAtt } = value as { Ref?: unknown; 'Fn::GetAtt'?: unknown };
  const [target, attribute] = Array.isArray(getAtt) ? (getAtt as unknown[]) : [ref];
  if (typeof target === 'string') {
    const owner = ownerByLogicalId.get(s)?.get(target);
    if (owner) found.add(owner);
    const nested = nestedByLogicalId(s, target);
    if (nested && typeof attribute === 'string' && attribute.startsWith('Outputs.')) {
      const outputs = (templateOf(nested).toJSON() as { Outputs?: Record<string, Output> }).Outputs;
      ownersOf(nested, outputs?.[attribute.slice('Outputs.'.length)]?.Value, found);
    }
  }
  for (const v of Object.values(value)) ownersOf(s, v, found);
  return found;
};
type Output = { Value: unknown };

/** Measured per stack: the total, the part of no single operation, the most one operation has. */
interface Measure {
  readonly total: number;
  readonly fixed: number;
  readonly perOperation: number;
}
const measure = (total: number, byOwner: Map<Owner, number>): Measure => {
  const attributed = [...byOwner.values()].reduce((a, b) => a + b, 0);
  return { total, fixed: total - attributed, perOperation: Math.max(0, ...byOwner.values()) };
};
/** The operations each of a set of template values names, when it names exactly one. */
const countOwners = (s: Stack, values: unknown[]): Map<Owner, number> => {
  const byOwner = new Map<Owner, number>();
  for (const v of values) {
    const owners = [...ownersOf(s, v)];
    const [only] = owners;
    if (owners.length === 1 && only) byOwner.set(only, (byOwner.get(only) ?? 0) + 1);
  }
  return byOwner;
};

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
  /**
   * A nested stack's parameters (what its parent passes in, attributed to the operation whose
   * path, function or model it is) and outputs (what it hands out, likewise).
   */
  readonly parameters: Measure;
  readonly outputs: Measure;
}

const counted: Counted[] = stacks.map((s) => {
  const template = templateOf(s).toJSON() as {
    Resources: Record<string, { Type: string }>;
    Parameters?: object;
    Outputs?: Record<string, Output>;
  };
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
  const parent = s.nestedStackParent;
  const passed =
    parent && NestedStack.isNestedStack(s)
      ? ((resourcesAround(parent)[logicalIdIn(s.nestedStackResource)]?.Properties?.Parameters ??
          {}) as Record<string, unknown>)
      : {};
  const parameterNames = Object.keys(template.Parameters ?? {});
  const outputs = Object.values(template.Outputs ?? {}).map((o) => o.Value);
  const { fixed, perOperation } = measure(resources, perOp);
  return {
    name: s.node.path,
    stack: s,
    inTemplate,
    resources,
    fixed,
    perOperation,
    operations: perOp.size,
    perOperationImplemented: Math.max(
      0,
      ...[...perOp].filter(([op]) => isImplemented(op)).map(([, n]) => n),
    ),
    parameters: measure(
      parameterNames.length,
      parent
        ? countOwners(
            parent,
            parameterNames.map((p) => passed[p]),
          )
        : new Map<Owner, number>(),
    ),
    outputs: measure(outputs.length, countOwners(s, outputs)),
  };
});

/**
 * Operations the next features add to the contract: room for about twenty more (issue 13's
 * estimate, renewed with issue 35, when the parent's three resources a route had used it up).
 */
const OPERATIONS_TO_COME = 20;

/**
 * The stacks of one feature area: its functions' and its routes'. An operation stays in its
 * area, so these are projected on their own operations (and, at worst, every one to come).
 */
const areaStacks: ReadonlySet<Stack> = new Set<Stack>([
  ...Object.values(api.functionStacks),
  ...Object.values(api.routeStacks),
]);
const allOperations = operations.length + PARTNER_FUNCTIONS.length;
const countedOf = (s: Stack) => counted.find((c) => c.stack === s);
/**
 * The whole product: today's contract plus the operations the coming features add. A feature
 * area's stacks hold its operations and (at worst) every one to come; the parent and
 * RouteExtras hold a part of every operation.
 */
const projectedOperations = (c: Counted): number =>
  (areaStacks.has(c.stack) ? c.operations : allOperations) + OPERATIONS_TO_COME;
const explain = (c: Counted, what: string, m: Pick<Measure, 'fixed' | 'perOperation'>) =>
  `${c.name} ${what}: ${String(m.fixed)} + ${String(m.perOperation)} × ${String(projectedOperations(c))}`;

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
      const projected = c.fixed + c.perOperation * projectedOperations(c);
      expect(projected, explain(c, 'resources', c)).toBeLessThanOrEqual(MAX_RESOURCES);
    }
    // The measure is not empty: each route's path stays in the parent, its method and preflight
    // in its area's routes stack, its invoke permission and model in RouteExtras, each function
    // in its area's functions stack.
    expect(countedOf(stack)?.perOperation).toBe(1);
    expect(countedOf(api.routeExtras)?.perOperation).toBe(2);
    for (const area of FEATURE_AREA_NAMES) {
      // function, role, policy, log group, and its Errors and Throttles alarms
      expect(countedOf(api.functionStacks[area])?.perOperation, area).toBe(6);
      // a console route's method and CORS preflight; a partner call's method
      expect(countedOf(api.routeStacks[area])?.perOperation, area).toBe(area === 'partner' ? 1 : 2);
      expect(countedOf(api.routeStacks[area])?.operations, area).toBe(FEATURE_AREAS[area].length);
    }
  });

  it('keeps every stack within the parameters and outputs CloudFormation allows, now and then', () => {
    for (const c of counted) {
      expect(c.parameters.total, c.name).toBeLessThanOrEqual(MAX_PARAMETERS);
      expect(c.outputs.total, c.name).toBeLessThanOrEqual(MAX_OUTPUTS);
      const all = projectedOperations(c);
      const parameters = c.parameters.fixed + c.parameters.perOperation * all;
      expect(parameters, explain(c, 'parameters', c.parameters)).toBeLessThanOrEqual(
        MAX_PARAMETERS,
      );
      const outputs = c.outputs.fixed + c.outputs.perOperation * all;
      expect(outputs, explain(c, 'outputs', c.outputs)).toBeLessThanOrEqual(MAX_OUTPUTS);
    }
    // A routes stack is handed, per route, its path and its function's ARN, and for a body route
    // its model; the API, the authorizers, the validator and the console's origin are shared.
    for (const area of FEATURE_AREA_NAMES) {
      const routes = countedOf(api.routeStacks[area]);
      const bodyRoutes = FEATURE_AREAS[area].some((op) => api.models[op as Operation]);
      expect(routes?.parameters.perOperation, area).toBe(bodyRoutes ? 3 : 2);
      expect(routes?.parameters.fixed, area).toBeLessThanOrEqual(6);
      // Each function's ARN is an output of its area's stack (RouteExtras and the routes read it).
      expect(countedOf(api.functionStacks[area])?.outputs.perOperation, area).toBe(1);
    }
    // RouteExtras: each function's ARN in, each model's name out.
    expect(countedOf(api.routeExtras)?.parameters.perOperation).toBe(1);
    expect(countedOf(api.routeExtras)?.outputs.perOperation).toBe(1);
  });

  it('keeps every template within the size CloudFormation allows', () => {
    for (const c of counted) {
      const file = NestedStack.isNestedStack(c.stack)
        ? c.stack.templateFile
        : `${c.stack.artifactId}.template.json`;
      expect(statSync(join(assembly.directory, file)).size, c.name).toBeLessThanOrEqual(
        MAX_TEMPLATE_BYTES,
      );
    }
  });
});
