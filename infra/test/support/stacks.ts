import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import type { IConstruct } from 'constructs';
import { inject } from 'vitest';
import {
  ENVIRONMENTS_CONTEXT_KEY,
  resolveEnvironment,
  type EnvironmentConfig,
} from '../../lib/config';
import type { ConsoleStack } from '../../lib/console-stack';
import type { EdgeStack } from '../../lib/edge-stack';
import { environmentStacks } from '../../lib/environment-stacks';
import { applyNagPacks } from '../../lib/nag';
import { REPOSITORY_ROOT } from '../../lib/paths';
import { locateWebBuild } from '../../lib/web-build';

/**
 * The stacks the tests look at, synthesized once per test run (vitest runs the files in one
 * process, see vitest.config.ts) exactly as bin/app.ts does: cdk.json's context (feature flags
 * and environments), the nag packs, the same constructs. Only the web build differs: tests use a
 * small fixture instead of web/dist, which may not be built when they run.
 */
export const CDK_JSON = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'cdk.json'), 'utf8')) as {
  app: string;
  context: Record<string, unknown> & { [ENVIRONMENTS_CONTEXT_KEY]: Record<string, unknown> };
};
export const FIXTURE_WEB_BUILD = join(import.meta.dirname, '..', 'fixtures', 'web-dist');

export interface Synthesized {
  readonly app: App;
  readonly stack: ConsoleStack;
  /** The us-east-1 companion (the site's web ACL), unless the settings name an ACL. */
  readonly edge: EdgeStack | undefined;
  readonly config: EnvironmentConfig;
  readonly template: Template;
  readonly assembly: CloudAssembly;
}

export const synthesize = (options: {
  environmentName: string;
  environments?: Record<string, unknown>;
  webBuildDir: string;
  defaultAccount?: string;
  /** Settings given as on the command line (`-c mail.from=...`). */
  overrides?: Record<string, unknown>;
  /** Changes the stack before synthesis (e.g. to add an offending resource). */
  tamper?: (stack: ConsoleStack) => void;
}): Synthesized => {
  const environments = options.environments ?? CDK_JSON.context[ENVIRONMENTS_CONTEXT_KEY];
  const outdir = mkdtempSync(join(inject('assemblyRoot'), 'assembly-'));
  const app = new App({
    outdir,
    context: { ...CDK_JSON.context, [ENVIRONMENTS_CONTEXT_KEY]: environments },
  });
  const config = resolveEnvironment({
    environmentName: options.environmentName,
    environments,
    defaultAccount: options.defaultAccount,
    overrides: options.overrides,
  });
  const { console: stack, edge } = environmentStacks(
    app,
    config,
    locateWebBuild(options.webBuildDir),
  );
  options.tamper?.(stack);
  applyNagPacks(app);
  const assembly = app.synth();
  return { app, stack, edge, config, template: Template.fromStack(stack), assembly };
};

/**
 * What a platform engineer gives on the command line to deploy sit (`-c bootstrapAdminEmail=...`):
 * cdk.json's sit has placeholders, which stop a real deployment (infra/lib/config.ts).
 */
export const SIT_DEPLOY_SETTINGS = {
  bootstrapAdminEmail: 'first.admin@acme-trials.com',
  supportEmail: 'console-support@acme-trials.com',
  'mail.from': 'no-reply@acme-trials.com',
  'mail.verifiedIdentity': 'acme-trials.com',
  'alarms.emails': 'platform-oncall@acme-trials.com,clinops-it@acme-trials.com',
};

let sit: Synthesized | undefined;
/** The sit environment of cdk.json with real-looking settings given as overrides, and the fixture web build. */
export const sitStack = (): Synthesized =>
  (sit ??= synthesize({
    environmentName: 'sit',
    webBuildDir: FIXTURE_WEB_BUILD,
    overrides: SIT_DEPLOY_SETTINGS,
  }));

let testEnvironment: Synthesized | undefined;
/** cdk.json's synthesis-only "test" environment (what `npm run synth` synthesizes), as it is. */
export const testEnvironmentStack = (): Synthesized =>
  (testEnvironment ??= synthesize({ environmentName: 'test', webBuildDir: FIXTURE_WEB_BUILD }));

/**
 * An environment that takes every other branch: pinned account, custom domain, a site web ACL,
 * threat protection off, Cognito mailing through SES, an extra allowed origin, REQUIRED MFA —
 * and no web build.
 */
export const VARIANT_SETTINGS = {
  ...(CDK_JSON.context[ENVIRONMENTS_CONTEXT_KEY].sit as Record<string, unknown>),
  account: '123456789012',
  region: 'eu-central-1',
  mfa: 'REQUIRED',
  threatProtection: 'off',
  // A test environment: its example.org names may stay placeholders.
  synthesisOnly: true,
  mail: { from: 'no-reply@console.example.org', verifiedIdentity: 'console.example.org' },
  allowedOrigins: ['https://admin-preview.example.org'],
  customDomain: {
    domainName: 'console.example.org',
    certificateArn:
      'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
  },
  siteWebAclArn:
    'arn:aws:wafv2:us-east-1:123456789012:global/webacl/console/11111111-2222-3333-4444-555555555555',
  cognitoDomainPrefix: 'ccsc-variant-login',
  // Documents may only be PDFs and PNGs there (the content check's allow-list, issue 34).
  documentContentPolicy: ['pdf', 'png'],
  terminationProtection: false,
};

let variant: Synthesized | undefined;
export const variantStack = (): Synthesized =>
  (variant ??= synthesize({
    environmentName: 'variant',
    environments: { variant: VARIANT_SETTINGS },
    webBuildDir: join(tmpdir(), 'ccsc-no-web-build-here'),
  }));

// ---------- helpers over templates ----------

export type Resource = { Type: string; Properties?: Record<string, unknown>; DependsOn?: unknown };
export type Resources = Record<string, Resource>;

export const resourcesOf = (template: Template, type: string): Resources =>
  template.findResources(type) as Resources;

/** The logical id of a construct's CloudFormation resource (or of a CloudFormation resource). */
export const logicalId = (stack: ConsoleStack, construct: IConstruct): string =>
  stack.getLogicalId(
    (construct instanceof CfnElement ? construct : construct.node.defaultChild) as CfnElement,
  );

/** Every stack of an app: the environment's stack and its nested stacks. */
export const stacksOf = (app: App): Stack[] =>
  app.node.findAll().filter((c): c is Stack => Stack.isStack(c));

const templates = new WeakMap<Stack, Template>();
/** The template of the stack a construct is in (a nested stack has a template of its own). */
export const templateOf = (construct: IConstruct): Template => {
  const stack = Stack.of(construct);
  let template = templates.get(stack);
  if (template === undefined) {
    template = Template.fromStack(stack);
    templates.set(stack, template);
  }
  return template;
};

/** The resources of the template a construct is in, by logical id. */
export const resourcesAround = (construct: IConstruct): Resources =>
  templateOf(construct).toJSON().Resources as Resources;

/** The logical id of a construct's resource in its own stack's template. */
export const logicalIdIn = (construct: IConstruct | undefined): string => {
  if (construct === undefined) throw new Error('no construct');
  const element = (
    construct instanceof CfnElement ? construct : construct.node.defaultChild
  ) as CfnElement;
  return Stack.of(element).getLogicalId(element);
};

/**
 * A value of a nested stack's template in its parent's terms: each `Ref` to one of the nested
 * stack's parameters becomes what the parent passes for it (e.g. the user pool's `Fn::GetAtt`),
 * so a test can compare it with the parent's own references.
 */
export const inParentTerms = (construct: IConstruct, value: unknown): unknown => {
  const stack = Stack.of(construct);
  const parent = stack.nestedStackParent;
  if (parent === undefined || !NestedStack.isNestedStack(stack)) return value;
  const resource = resourcesAround(parent)[logicalIdIn(stack.nestedStackResource)];
  const parameters = (resource?.Properties?.Parameters ?? {}) as Record<string, unknown>;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const ref = (v as { Ref?: unknown }).Ref;
    if (Object.keys(v).length === 1 && typeof ref === 'string' && ref in parameters) {
      return inParentTerms(parent, parameters[ref]);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  return walk(value);
};
