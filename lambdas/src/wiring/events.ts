import { DynamoEventLog } from '../adapters/dynamodb-events';
import { dynamodb } from '../adapters/clients/dynamodb';
import { lambdaEnv } from '../env';

/** The event log (issue 35) in the main table: what the journaled writes emit their events to. */
export const eventLog = (): DynamoEventLog => new DynamoEventLog(dynamodb, lambdaEnv().MAIN_TABLE);
