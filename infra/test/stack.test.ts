import { describe, expect, it } from 'vitest';
import {
  sitStack,
  stacksOf,
  templateOf,
  variantStack,
  type Resources,
  type Synthesized,
} from './support/stacks';

/** Every logical id a template value refers to (Ref, Fn::GetAtt, ${...} in Fn::Sub). */
const referencesIn = (value: unknown, into = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) value.forEach((v) => referencesIn(v, into));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'Ref' && typeof v === 'string') into.add(v);
      else if (k === 'Fn::GetAtt' && Array.isArray(v) && typeof v[0] === 'string') into.add(v[0]);
      else if (k === 'Fn::Sub') {
        const text: unknown = Array.isArray(v) ? v[0] : v;
        if (typeof text === 'string') {
          for (const m of text.matchAll(/\$\{([A-Za-z0-9]+)(\.[A-Za-z]+)?\}/g))
            if (m[1]) into.add(m[1]);
        }
        referencesIn(v, into);
      } else referencesIn(v, into);
    }
  }
  return into;
};

/** Fails on a cycle among the resources of one template (Ref, GetAtt, Sub, DependsOn). */
const expectNoCycle = (resources: Resources) => {
  const edges = new Map<string, Set<string>>();
  for (const [id, r] of Object.entries(resources)) {
    const deps = referencesIn(r.Properties ?? {});
    for (const d of [r.DependsOn ?? []].flat() as string[]) deps.add(d);
    edges.set(id, new Set([...deps].filter((d) => d in resources)));
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string, trail: string[]): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') throw new Error(`cycle: ${[...trail, id].join(' -> ')}`);
    state.set(id, 'visiting');
    for (const d of edges.get(id) ?? []) visit(d, [...trail, id]);
    state.set(id, 'done');
  };
  expect(() => {
    for (const id of edges.keys()) visit(id, []);
  }).not.toThrow();
};

describe('ConsoleStack', () => {
  const { stack, template, app } = sitStack();
  /** The resources of every template: the stack's and each nested stack's. */
  const everyTemplate = (s: Synthesized) =>
    stacksOf(s.app).map((st) => templateOf(st).toJSON().Resources as Resources);

  it('is named after its environment and lives in its region', () => {
    expect(stack.stackName).toBe('ccsc-console-sit');
    expect(stack.region).toBe('us-west-2');
    expect(stack.terminationProtection).toBe(true);
    expect(variantStack().stack.stackName).toBe('ccsc-console-variant');
    expect(variantStack().stack.account).toBe('123456789012');
  });

  it('has no dependency cycle CloudFormation would refuse (the console and API refer to each other)', () => {
    expect(stacksOf(app).length).toBeGreaterThan(1);
    for (const resources of everyTemplate(sitStack())) expectNoCycle(resources);
  });

  it('publishes what operators need as outputs', () => {
    const outputs = Object.keys(template.toJSON().Outputs as object);
    expect(outputs).toEqual(
      expect.arrayContaining([
        'ConsoleUrl',
        'ApiBaseUrl',
        'Region',
        'UserPoolId',
        'UserPoolClientId',
        'IdentityPoolId',
        'CognitoDomain',
        'MainTableName',
        'AuditTableName',
        'DocumentsBucketName',
        'ArtifactsBucketName',
        'SiteBucketName',
        'DistributionId',
        'ApiWebAclArn',
        'MailFrom',
      ]),
    );
  });

  it('gives physical names that carry the environment, so environments do not collide', () => {
    const NAMED: [type: string, key: string][] = [
      ['AWS::Lambda::Function', 'FunctionName'],
      ['AWS::DynamoDB::Table', 'TableName'],
      ['AWS::Cognito::UserPool', 'UserPoolName'],
      ['AWS::ApiGateway::RestApi', 'Name'],
      ['AWS::WAFv2::WebACL', 'Name'],
      ['AWS::SES::ConfigurationSet', 'Name'],
      ['AWS::Logs::LogGroup', 'LogGroupName'],
    ];
    const names = (t: Resources) =>
      NAMED.flatMap(([type, key]) =>
        Object.values(t)
          .filter((r) => r.Type === type)
          .map((r) => r.Properties?.[key])
          .filter((v): v is string => typeof v === 'string'),
      );
    const sitNames = everyTemplate(sitStack()).flatMap(names);
    const variantNames = new Set(everyTemplate(variantStack()).flatMap(names));
    expect(sitNames.length).toBeGreaterThan(30);
    for (const name of sitNames) {
      expect(name).toMatch(/ccsc-sit/);
      expect(variantNames.has(name), name).toBe(false);
    }
  });
});
