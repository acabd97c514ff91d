import { Stack, Validations, type App } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag's AwsSolutions and Serverless packs run on every synthesis (CLI and tests alike). A
 * finding that is not acknowledged, with its reason, on the construct it concerns fails the
 * synthesis.
 */
export const applyNagPacks = (app: App): void => {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
};

/** The singleton Lambda functions CDK itself provides for its custom resources. */
const CDK_PROVIDED_FUNCTIONS = [
  {
    idPrefix: 'AWS679f53fac002430cb0da5b7982bd2287',
    what: 'AwsCustomResource (the bootstrap administrator)',
    ownRuntime: false,
  },
  {
    idPrefix: 'Custom::CDKBucketDeployment',
    what: 'BucketDeployment (site files and /config.json)',
    // A Python handler whose runtime CDK pins, not the newest Python.
    ownRuntime: true,
  },
] as const;

/**
 * Acknowledgements for code this app does not write: the handlers CDK ships for AwsCustomResource
 * and BucketDeployment. Their runtime, role, managed policy and grants are CDK's; CloudFormation
 * invokes them during deployments and fails the deployment when they fail.
 */
export const acknowledgeCdkProvidedFunctions = (stack: Stack): void => {
  for (const child of stack.node.children) {
    const provided = CDK_PROVIDED_FUNCTIONS.find((p) => child.node.id.startsWith(p.idPrefix));
    if (!provided) continue;
    const byCdk = `CDK's own handler of ${provided.what}`;
    Validations.of(child).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: `${byCdk}: CDK gives it AWS's basic execution role, for its own logs.`,
      },
      {
        id: 'Serverless-LambdaDLQ',
        reason: `${byCdk}: CloudFormation invokes it and fails the deployment if it fails; nothing to queue.`,
      },
      {
        id: 'Serverless-LambdaTracing',
        reason: `${byCdk}: CDK offers no tracing option for it; it runs only during deployments and logs.`,
      },
    );
    if (provided.ownRuntime) {
      for (const id of ['AwsSolutions-L1', 'Serverless-LambdaLatestVersion']) {
        Validations.of(child).acknowledge({
          id,
          reason: `${byCdk}: its runtime is chosen and updated by the CDK release, not by this app.`,
        });
      }
    }
    for (const policy of child.node.findAll().filter((c) => c instanceof CfnPolicy)) {
      for (const finding of wildcardFindings(policy)) {
        Validations.of(policy).acknowledge({
          id: `AwsSolutions-IAM5[${finding}]`,
          reason:
            `${byCdk}: CDK's grants (read the deployment's asset, write the site bucket, ` +
            'invalidate the distribution) use these wildcards; scoped to those resources.',
        });
      }
    }
  }
};

/** A CloudFormation value as cdk-nag names it in a finding: Ref -> <Id>, GetAtt -> <Id.Attr>. */
const flatten = (value: unknown): string => {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (typeof value === 'object' && value !== null) {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v['Fn::Join'])) {
      const [delimiter, items] = v['Fn::Join'] as [string, unknown[]];
      return items.map(flatten).join(delimiter);
    }
    if (v['Fn::Sub'] !== undefined) return flatten(v['Fn::Sub']);
    if (Array.isArray(v['Fn::GetAtt'])) {
      const [resource, attribute] = v['Fn::GetAtt'] as [unknown, unknown];
      return `<${flatten(resource)}.${flatten(attribute)}>`;
    }
    if (v['Fn::ImportValue'] !== undefined) return flatten(v['Fn::ImportValue']);
    if (v.Ref !== undefined) return `<${flatten(v.Ref)}>`;
  }
  return JSON.stringify(value);
};

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** The AwsSolutions-IAM5 findings of a policy: wildcard actions and resources of its Allow statements. */
export const wildcardFindings = (policy: CfnPolicy): string[] => {
  const document = Stack.of(policy).resolve(policy.policyDocument) as {
    Statement?: { Effect?: string; Action?: unknown; Resource?: unknown }[];
  };
  const findings = new Set<string>();
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of asArray(statement.Action)) {
      if (typeof action === 'string' && action.includes('*')) findings.add(`Action::${action}`);
    }
    for (const resource of asArray(statement.Resource).map(flatten)) {
      if (resource.includes('*')) findings.add(`Resource::${resource}`);
    }
  }
  return [...findings];
};

/** Every IConstruct has a node; used by tests to list acknowledgements. */
export const acknowledgementsOf = (construct: IConstruct): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const entry of construct.node.metadata) {
    if (entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY) {
      Object.assign(out, entry.data as Record<string, string>);
    }
  }
  return out;
};

/**
 * The grants on the exports bucket's objects: each export is a new object named at run time
 * (`users/<caller>/<request id>.csv`), so the resource is the bucket's objects, nothing wider.
 *
 * cdk-nag names the finding after the policy's final form, which is known only once CDK has
 * resolved references across stacks (in a nested stack the bucket's ARN becomes a parameter of
 * that stack): so the acknowledgement is made by a validation, which runs after that step and
 * before the nag packs.
 */
export const acknowledgeExportObjectGrants = (scope: IConstruct): void => {
  acknowledgeObjectGrants(
    scope,
    /ExportsBucket[^/]*\/\*$/,
    'Each CSV export is a new object named at run time (<kind>/<caller>/<request id>.csv): ' +
      'the grant is the exports bucket’s objects only (written in parts, read through the ' +
      'presigned link), and the bucket deletes them after a day.',
  );
};

/**
 * The grants on the mapping standards' rows (issue 16): each set of rows is an object named by
 * its SHA-256 at run time (`standards/<standardId>/rows/<sha256>.json`), so the resource is the
 * artifacts bucket's `standards/` prefix, nothing wider.
 */
export const acknowledgeStandardRowGrants = (scope: IConstruct): void => {
  acknowledgeObjectGrants(
    scope,
    /ArtifactsBucket[^/]*\/standards\/\*$/,
    'A standard version’s rows are an object named by their SHA-256 at run time ' +
      '(standards/<standardId>/rows/<sha256>.json): the grant is the artifacts bucket’s ' +
      'standards/ prefix only.',
  );
};

/**
 * The document exchange's grants (issue 17): a sender's upload goes to incoming/<documentId>/<n>
 * and a verified document is kept under records/<studyId>/<documentId>/, both named at run time.
 */
export const acknowledgeDocumentGrants = (scope: IConstruct): void => {
  acknowledgeObjectGrants(
    scope,
    /DocumentsBucket[^/]*\/incoming\/\*$/,
    'A sender’s upload is an object named by its document id and attempt at run time ' +
      '(incoming/<documentId>/<attempt>): the grant is the documents bucket’s incoming/ prefix only.',
  );
  acknowledgeObjectGrants(
    scope,
    /DocumentsBucket[^/]*\/records\/\*$/,
    'A verified document is an object named by its study and id at run time ' +
      '(records/<studyId>/<documentId>/<completion>): the grant is the documents bucket’s records/ prefix only.',
  );
};

/**
 * GuardDuty Malware Protection's role (issue 34; constructs/malware-protection.ts): the
 * EventBridge rule GuardDuty manages for the bucket is named by GuardDuty at run time with a
 * fixed prefix, and the objects it scans and tags are every object under records/.
 */
export const acknowledgeMalwareProtectionRole = (scope: IConstruct): void => {
  acknowledgeObjectGrants(
    scope,
    /:rule\/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3\*$/,
    'GuardDuty creates and names the EventBridge rule of a protected bucket itself ' +
      '(DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3<suffix>): the grant is that prefix in ' +
      'this account and region only, and changes to it only when managed by GuardDuty.',
  );
  acknowledgeObjectGrants(
    scope,
    /DocumentsBucket[^/]*\/records\/\*$/,
    'GuardDuty reads and tags each new kept document, an object named at run time ' +
      '(records/<studyId>/<documentId>/<completion>): the grant is the documents bucket’s ' +
      'records/ prefix only, the prefix the plan scans.',
  );
};

const acknowledgeObjectGrants = (scope: IConstruct, finding: RegExp, reason: string): void => {
  for (const policy of scope.node.findAll().filter((c) => c instanceof CfnPolicy)) {
    policy.node.addValidation({
      validate: () => {
        for (const found of wildcardFindings(policy).filter((f) => finding.test(f))) {
          Validations.of(policy).acknowledge({ id: `AwsSolutions-IAM5[${found}]`, reason });
        }
        return [];
      },
    });
  }
};
