import { expect } from 'vitest';
import { API_PREFIX, type Operation } from '@ccsc/contract';
import { PARTNER_API_PREFIX } from '@ccsc/contract/partner-api';
import {
  inParentTerms,
  logicalId,
  resourcesAround,
  resourcesOf,
  sitStack,
  templateOf,
  type Resource,
} from './stacks';

// The API's synthesized template and the lookups its tests share (test/api-*.test.ts).
export const { template, stack, app } = sitStack();
export const all = template.toJSON().Resources as Record<string, Resource>;

/** Full path of an API Gateway resource, from its ParentId chain. */
export const pathOf = (resourceRef: unknown): string => {
  const ref = (resourceRef as { Ref?: string }).Ref;
  if (ref === undefined) return ''; // the root: Fn::GetAtt RootResourceId
  const props = all[ref]?.Properties as { ParentId: unknown; PathPart: string };
  return `${pathOf(props.ParentId)}/${props.PathPart}`;
};

/**
 * Every method of the API, from the routes stack of each feature area, its properties in the
 * parent stack's terms (a parameter's `Ref` replaced by what the parent passes for it: the path's
 * `Ref`, the authorizer's, the function's ARN as an output of its functions stack, ...).
 */
export const methods = Object.values(stack.api.routeStacks).flatMap((routes) =>
  Object.values(resourcesOf(templateOf(routes), 'AWS::ApiGateway::Method')).map((m) => {
    const p = inParentTerms(routes, m.Properties) as Record<string, unknown>;
    return {
      httpMethod: p.HttpMethod as string,
      path: pathOf(p.ResourceId),
      props: p,
    };
  }),
);
/** The console's routes (/ccsc/ui/); the partner API's (/ccsc/api/v1/) are apart. */
export const routeMethods = methods.filter(
  (m) => m.httpMethod !== 'OPTIONS' && m.path.startsWith(API_PREFIX),
);
export const partnerMethods = methods.filter((m) => m.path.startsWith(PARTNER_API_PREFIX));

/** An operation's function, from the template of the (nested) stack it is in. */
export const functionOf = (op: Operation) => {
  const fn = stack.api.functions[op];
  const id = logicalId(stack, fn.function);
  const resource = resourcesAround(fn)[id];
  if (resource?.Type !== 'AWS::Lambda::Function') throw new Error(`no function for ${op}`);
  return { id, construct: fn, props: resource.Properties as Record<string, unknown> };
};
/** An operation's policy statements, in the parent stack's terms (its parameters resolved). */
export const policyOf = (op: Operation) => {
  const fn = stack.api.functions[op];
  const roleId = logicalId(stack, fn.role);
  const policies = Object.values(resourcesOf(templateOf(fn), 'AWS::IAM::Policy')).filter((p) =>
    JSON.stringify(p.Properties?.Roles).includes(`"${roleId}"`),
  );
  expect(policies).toHaveLength(1);
  const document = policies[0]?.Properties?.PolicyDocument as {
    Statement: Record<string, unknown>[];
  };
  return inParentTerms(fn, document.Statement) as Record<string, unknown>[];
};
export const asArray = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : [v]);

// What the IAM tests expect, in the parent stack's terms (test/api-permissions, api-partner).
const arnOf = (construct: Parameters<typeof logicalId>[1]) => ({
  'Fn::GetAtt': [logicalId(stack, construct), 'Arn'],
});
export const poolArn = arnOf(stack.auth.userPool);
export const auditArn = arnOf(stack.data.auditTable);
/** A statement's resources are a set: compared in one order, whatever order CDK wrote them in. */
export const inOneOrder = (resources: unknown[]) =>
  [...resources].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
export const mainTable: unknown = inOneOrder(
  stack.resolve([
    stack.data.mainTable.tableArn,
    `${stack.data.mainTable.tableArn}/index/gsi1`,
  ]) as unknown[],
);
/** The identity and its configuration set, in whatever order CDK writes them. */
export const senderArns = stack.resolve([...stack.mail.sendResourceArns]) as unknown[];
export const mailSender: unknown = expect.arrayContaining(senderArns);
/** The statements an operation's own needs grant (not its log group, not the `*` ones). */
export const allowedOf = (statements: Record<string, unknown>[]) =>
  statements
    .filter((s) => s.Effect === 'Allow' && s.Sid !== 'OwnLogGroup' && s.Resource !== '*')
    .map((s) => (Array.isArray(s.Resource) ? { ...s, Resource: inOneOrder(s.Resource) } : s));
/** The `i`-th statement of an operation's own needs, as permissions.ts writes it. */
export const statement = (i: number, actions: string[], resource: unknown) => ({
  Sid: `Operation${String(i)}`,
  Effect: 'Allow',
  Action: actions.length === 1 ? actions[0] : actions,
  Resource: resource,
});
export const auditAppend = (i: number) =>
  statement(i, ['dynamodb:PutItem', 'dynamodb:Query'], auditArn);
/** Reading an account: the user and its groups (the role is the group). */
export const READ_ACCOUNT_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminListGroupsForUser',
];
