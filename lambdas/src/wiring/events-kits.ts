import { DynamoNotifications } from '../adapters/dynamodb-notifications';
import { dynamodb } from '../adapters/clients/dynamodb';
import { systemClock } from '../core/ports/clock';
import { lambdaEnv } from '../env';
import { eventLog } from './events';

/** The events area's kits (events/operations.ts), each built on first use by its function. */
export const notifications = () => ({
  notifications: new DynamoNotifications(dynamodb, lambdaEnv().MAIN_TABLE),
});

export const feed = () => ({ events: eventLog(), clock: systemClock });
