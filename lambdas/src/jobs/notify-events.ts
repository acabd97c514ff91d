import { lambdaLogger } from '../core/logger';
import { systemClock } from '../core/ports/clock';
import { allowedOrigins, lambdaEnv } from '../env';
import { fanOutEvents, type FanOutOutcome } from '../events/fan-out';
import { sendDigests } from '../events/notification-digest';
import { DynamoNotifications } from '../adapters/dynamodb-notifications';
import { dynamodb } from '../adapters/clients/dynamodb';
import { userIndex } from '../wiring/dynamodb';
import { eventLog } from '../wiring/events';
import { mailOutbox } from '../wiring/outbox';
import { registryReader } from '../wiring/registry';
import { webhookQueueSender, webhookStore } from '../wiring/webhooks';
import { webhookQueue } from '../webhooks/webhook-queue';
import { scheduledJob } from '../telemetry';
import type { WebhookQueueSender } from '../core/ports/webhooks';

/** What the mails point at: the console's own address (its first allowed origin). */
const consoleUrl = (): string | null => allowedOrigins()[0] ?? null;

const queueOf = (sender: WebhookQueueSender | null) =>
  sender === null ? null : { sender, logger: lambdaLogger };

const notifications = () => new DynamoNotifications(dynamodb, lambdaEnv().MAIN_TABLE);

/**
 * Fans the waiting events out once (events/fan-out.ts): the offline console runs it every pass,
 * infra every minute.
 */
export const runEventFanOut = async (): Promise<FanOutOutcome> => {
  const outcome = await fanOutEvents({
    events: eventLog(),
    notifications: notifications(),
    users: userIndex(),
    registry: registryReader(),
    outbox: mailOutbox(),
    clock: systemClock,
    logger: lambdaLogger,
    consoleUrl: consoleUrl(),
    // Issue 36: each event's webhook deliveries, made with its notifications; in AWS sent to
    // their queue at once (offline there is none: the console tries them itself).
    webhooks: webhookQueue(webhookStore(), systemClock, queueOf(webhookQueueSender())),
  });
  if (outcome.events + outcome.failed > 0) lambdaLogger.info('events fanned out', { ...outcome });
  return outcome;
};

/** Sends the daily digests once (events/notification-digest.ts). */
export const runNotificationDigest = async (): Promise<{ mails: number; items: number }> => {
  const outcome = await sendDigests({
    notifications: notifications(),
    users: userIndex(),
    outbox: mailOutbox(),
    clock: systemClock,
    consoleUrl: consoleUrl(),
  });
  if (outcome.items > 0) lambdaLogger.info('notification digests', { ...outcome });
  return outcome;
};

/**
 * The scheduled entry (infra: every minute). An event it could not fan out stays waiting for the
 * next run; the invocation then counts as an error, so the job's error alarm tells the operators.
 */
export const handler = scheduledJob('notify-events', async (): Promise<FanOutOutcome> => {
  const outcome = await runEventFanOut();
  if (outcome.failed > 0) {
    throw new Error(`events: ${String(outcome.failed)} event(s) could not be fanned out`);
  }
  return outcome;
});
