import { NestedStack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import * as z from 'zod';
import { API_PREFIX, routeList, type Operation, type RouteDefinition } from '@ccsc/contract';
import type { ApiFunction } from '../feature-areas';
import type { NodeFunction } from './node-function';
import { slug } from './operation-functions';

/** Operation -> a name fit for models: artifact/list-standards -> ArtifactListStandards. */
export const pascal = (operation: string): string =>
  operation
    .split(/[^A-Za-z0-9]+/)
    .filter((p) => p.length > 0)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');

type JsonObject = Record<string, unknown>;
const STRUCTURAL_KEYS = [
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
] as const;

/**
 * The request schema of a body route as an API Gateway model: structure only — keys, types,
 * required keys, no unknown keys, enums, array sizes, number ranges. String rules (patterns,
 * lengths, formats) stay with the Lambda, which applies them after trimming and answers with the
 * failing field; a gateway check on the raw string would refuse what the contract accepts.
 * An empty body is the Lambda's `{}`, so the top level also accepts null.
 */
export const gatewayModelSchema = (route: RouteDefinition): apigw.JsonSchema => {
  const json = z.toJSONSchema(route.request, {
    target: 'draft-4',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonObject;
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    const source = node as JsonObject;
    const out: JsonObject = {};
    for (const key of STRUCTURAL_KEYS) {
      const value = source[key];
      if (value === undefined) continue;
      if (key === 'properties') {
        out[key] = Object.fromEntries(
          Object.entries(value as JsonObject).map(([k, v]) => [k, strip(v)]),
        );
      } else {
        out[key] = key === 'items' || key === 'additionalProperties' ? strip(value) : value;
      }
    }
    return out;
  };
  const structural = strip(json) as JsonObject;
  return {
    ...structural,
    schema: apigw.JsonSchemaVersion.DRAFT4,
    type: [apigw.JsonSchemaType.OBJECT, apigw.JsonSchemaType.NULL],
  };
};

/** A partner API call (/ccsc/api/v1/...): its function, method and full path. */
export interface PartnerRouteTarget {
  readonly name: ApiFunction;
  readonly method: string;
  readonly path: string;
  readonly fn: NodeFunction;
}

export interface RouteExtrasProps {
  readonly restApi: apigw.IRestApi;
  readonly stageName: string;
  readonly functions: Readonly<Record<Operation, NodeFunction>>;
  /** The partner API's calls: an invoke permission each (no models: they take query strings). */
  readonly partnerRoutes?: readonly PartnerRouteTarget[];
}

/**
 * What API Gateway needs per route besides the method itself, in a nested stack of its own: the
 * permission to invoke the route's function (from that method of the deployed stage only) and,
 * for a body route, its request model; the partner API's routes their invoke permissions. Kept
 * out of the parent stack, which holds the API and its paths, so that it stays far from
 * CloudFormation's resource limit (README, "Staying under CloudFormation's limits"); out of the
 * functions' stacks, so that each of those stays at six resources an operation. The methods, in
 * their area's routes stack (ApiRoutes), read the models from here.
 */
export class RouteExtras extends NestedStack {
  readonly models: Readonly<Partial<Record<Operation, apigw.Model>>>;
  readonly permissions: Readonly<Record<Operation, lambda.CfnPermission>>;
  readonly partnerPermissions: Readonly<Partial<Record<ApiFunction, lambda.CfnPermission>>>;

  constructor(scope: Construct, id: string, props: RouteExtrasProps) {
    super(scope, id, {
      description: 'The API routes’ permissions to invoke their functions, and request models',
    });
    const models: Partial<Record<Operation, apigw.Model>> = {};
    const permissions = {} as Record<Operation, lambda.CfnPermission>;
    for (const route of routeList) {
      const operation = route.operation;
      permissions[operation] = new lambda.CfnPermission(this, `Invoke-${slug(operation)}`, {
        action: 'lambda:InvokeFunction',
        functionName: props.functions[operation].function.functionArn,
        principal: 'apigateway.amazonaws.com',
        sourceArn: props.restApi.arnForExecuteApi(
          route.method,
          `${API_PREFIX}${route.path}`,
          props.stageName,
        ),
      });
      if (route.input === 'body') {
        models[operation] = new apigw.Model(this, `${pascal(operation)}Model`, {
          restApi: props.restApi,
          // Not the name the model had in the parent stack (`<Operation>Request`): CloudFormation
          // creates the new model before it deletes the old one, and names are unique per API.
          modelName: `${pascal(operation)}Body`,
          contentType: 'application/json',
          schema: gatewayModelSchema(route),
        });
      }
    }
    const partnerPermissions: Partial<Record<ApiFunction, lambda.CfnPermission>> = {};
    for (const route of props.partnerRoutes ?? []) {
      partnerPermissions[route.name] = new lambda.CfnPermission(this, `Invoke-${route.name}`, {
        action: 'lambda:InvokeFunction',
        functionName: route.fn.function.functionArn,
        principal: 'apigateway.amazonaws.com',
        // A path parameter is `*` in the source ARN, as API Gateway invokes with its value.
        sourceArn: props.restApi.arnForExecuteApi(
          route.method,
          route.path.replace(/\{[^}]*\}/g, '*'),
          props.stageName,
        ),
      });
    }
    this.models = models;
    this.permissions = permissions;
    this.partnerPermissions = partnerPermissions;
  }
}
