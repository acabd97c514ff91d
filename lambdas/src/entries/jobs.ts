/** The scheduled jobs, as the offline console runs them (at start, then on a timer). */
export { rebuildIndex } from '../jobs/rebuild-user-index';
export { finishInterruptedWrites, sweepCredentialClients } from '../jobs/reconcile-writes';
export { runCredentialExpiry } from '../jobs/credential-expiry';
/** Issue 35: the events fanned out to notifications, and the daily digest. */
export { runEventFanOut, runNotificationDigest } from '../jobs/notify-events';
export {
  finishInterruptedDocumentWrites,
  releaseHeldDocuments,
  sweepAwaitingScan,
} from '../jobs/release-held-documents';
/** Issue 35: document returns cut short finished; requests due soon, overdue, fulfilled told. */
export { runDocumentFollowUps } from '../jobs/document-follow-ups';
/** Safety-letter distributions (issue 35 part D): unfinished fan-outs, reminders, closing. */
export { runDistributionReminders } from '../jobs/distribution-reminders';
/** The malware scan's verdict (GuardDuty's EventBridge event; offline, the stand-in's). */
export { documentScanResult, sweepImportJoins } from '../jobs/document-scan-result';
/** Issue 36: the webhook deliveries due, tried; whether any endpoint exists. */
export { anyWebhookEndpoint, webhookDispatcher } from '../jobs/webhook-deliveries';
/** The crash tests' failpoints, armed by the offline console from its FAILPOINTS variable. */
export { armFailpoints } from '../core/failpoints';
