import { scheduledJob } from '../telemetry';
import { runNotificationDigest } from './notify-events';

/** The scheduled entry of the daily digest (infra: once a day, 06:00 UTC). */
export const handler = scheduledJob('notification-digest', runNotificationDigest);
