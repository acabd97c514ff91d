import { DynamoEventLog } from '../adapters/dynamodb-events';
import { DynamoEventWriter } from '../adapters/dynamodb-event-writer';
import { DynamoBatchEventWriter } from '../adapters/dynamodb-event-batch-writer';
import { dynamodb } from '../adapters/clients/dynamodb';
import { lambdaEnv } from '../env';

/** The event log (issue 35) in the main table: the feed's page and the fan-out's queue. */
export const eventLog = (): DynamoEventLog => new DynamoEventLog(dynamodb, lambdaEnv().MAIN_TABLE);

/** Its writing half alone: what the journaled writes emit their events to (a small bundle). */
export const eventWriter = (): DynamoEventWriter =>
  new DynamoEventWriter(dynamodb, lambdaEnv().MAIN_TABLE);

/** The batching writer: the distributions' functions, which append hundreds of events at once. */
export const eventBatchWriter = (): DynamoBatchEventWriter =>
  new DynamoBatchEventWriter(dynamodb, lambdaEnv().MAIN_TABLE);
