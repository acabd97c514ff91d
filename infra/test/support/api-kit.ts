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

export const methods = Object.values(resourcesOf(template, 'AWS::ApiGateway::Method')).map((m) => {
  const p = m.Properties as Record<string, unknown>;
  return {
    httpMethod: p.HttpMethod as string,
    path: pathOf(p.ResourceId),
    props: p,
  };
});
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
