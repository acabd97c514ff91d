import { DynamoRegistry } from '../adapters/dynamodb-registry';
import { dynamodb } from '../adapters/clients/dynamodb';
import { lambdaEnv } from '../env';
import type { Registry } from '../ports/registry';

/** The registry (issue 14) in the main table: records, claims, uses, the version and its log. */
export const registry = (): Registry => new DynamoRegistry(dynamodb, lambdaEnv().MAIN_TABLE);
