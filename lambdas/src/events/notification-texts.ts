import type { EventKind } from '@ccsc/contract/events';
import type { NotificationLanguage } from '@ccsc/contract/notifications';
import type { StoredNotification } from '../core/ports/notifications';
import { displayDateTime } from '../core/display-dates';

/**
 * The notification e-mails' words (issue 35), in the console's three languages: one line per
 * kind of event, from its subject (`{s}`), the other organisation (`{c}`) and the reason (`{r}`).
 * The web's notification centre has its own (web/src/lib/locales); these are the mails'.
 */
type Lines = Record<EventKind, string>;

const EN: Lines = {
  'connection.invited': '{c} invited your organisation to a study: {s}.',
  'connection.accepted': '{c} accepted the invitation: {s}.',
  'connection.declined': '{c} declined the invitation: {s}.',
  'connection.ended': 'The connection {s} was ended.',
  'document.held': 'The document {s} is held ({r}) until your organisation resolves it.',
  'document.quarantined': 'The document {s} was quarantined ({r}); it will not be delivered.',
  'document.rejected': '{c} rejected the document {s} ({r}).',
  'document.recalled': '{c} recalled the document {s}.',
  'document.recall-requested': '{c} asks you to confirm the recall of the document {s}.',
  'document.recall-confirmed': '{c} confirmed the recall of the document {s}.',
  'request.received': '{c} requests documents from your organisation: {s}.',
  'request.due-soon': 'The document request {s} is due soon.',
  'request.overdue': 'The document request {s} is overdue.',
  'request.fulfilled': '{c} fulfilled the document request {s}.',
  'distribution.to-acknowledge': '{c} sent a safety letter to acknowledge: {s}.',
  'distribution.overdue': 'The safety letter {s} is overdue for acknowledgement.',
  'distribution.acknowledged': '{c} acknowledged the safety letter {s}.',
  'credential.expiring': 'The API credential of {s} expires soon ({r}).',
  'standard.published': '{c} published a new version of its mapping standard: {s}.',
  'webhook.disabled':
    'The hub disabled the webhook endpoint {s}: every delivery to it failed for about three days ({r}).',
};

const DE: Lines = {
  'connection.invited': '{c} hat Ihre Organisation zu einer Studie eingeladen: {s}.',
  'connection.accepted': '{c} hat die Einladung angenommen: {s}.',
  'connection.declined': '{c} hat die Einladung abgelehnt: {s}.',
  'connection.ended': 'Die Verbindung {s} wurde beendet.',
  'document.held':
    'Das Dokument {s} wird zurückgehalten ({r}), bis Ihre Organisation das Problem behebt.',
  'document.quarantined':
    'Das Dokument {s} wurde unter Quarantäne gestellt ({r}); es wird nicht zugestellt.',
  'document.rejected': '{c} hat das Dokument {s} zurückgewiesen ({r}).',
  'document.recalled': '{c} hat das Dokument {s} zurückgerufen.',
  'document.recall-requested': '{c} bittet Sie, den Rückruf des Dokuments {s} zu bestätigen.',
  'document.recall-confirmed': '{c} hat den Rückruf des Dokuments {s} bestätigt.',
  'request.received': '{c} fordert Dokumente von Ihrer Organisation an: {s}.',
  'request.due-soon': 'Die Dokumentanforderung {s} ist bald fällig.',
  'request.overdue': 'Die Dokumentanforderung {s} ist überfällig.',
  'request.fulfilled': '{c} hat die Dokumentanforderung {s} erfüllt.',
  'distribution.to-acknowledge': '{c} hat ein Sicherheitsschreiben zur Bestätigung gesendet: {s}.',
  'distribution.overdue': 'Die Bestätigung des Sicherheitsschreibens {s} ist überfällig.',
  'distribution.acknowledged': '{c} hat das Sicherheitsschreiben {s} bestätigt.',
  'credential.expiring': 'Die API-Zugangsdaten von {s} laufen bald ab ({r}).',
  'standard.published': '{c} hat eine neue Version seines Mapping-Standards veröffentlicht: {s}.',
  'webhook.disabled':
    'Der Hub hat den Webhook-Endpunkt {s} deaktiviert: Jede Zustellung an ihn ist etwa drei Tage lang gescheitert ({r}).',
};

const TR: Lines = {
  'connection.invited': '{c}, kuruluşunuzu bir çalışmaya davet etti: {s}.',
  'connection.accepted': '{c} daveti kabul etti: {s}.',
  'connection.declined': '{c} daveti reddetti: {s}.',
  'connection.ended': '{s} bağlantısı sonlandırıldı.',
  'document.held': '{s} belgesi, kuruluşunuz sorunu çözene kadar bekletiliyor ({r}).',
  'document.quarantined': '{s} belgesi karantinaya alındı ({r}); teslim edilmeyecek.',
  'document.rejected': '{c}, {s} belgesini reddetti ({r}).',
  'document.recalled': '{c}, {s} belgesini geri çağırdı.',
  'document.recall-requested': '{c}, {s} belgesinin geri çağrılmasını onaylamanızı istiyor.',
  'document.recall-confirmed': '{c}, {s} belgesinin geri çağrılmasını onayladı.',
  'request.received': '{c}, kuruluşunuzdan belge talep ediyor: {s}.',
  'request.due-soon': '{s} belge talebinin süresi yakında doluyor.',
  'request.overdue': '{s} belge talebinin süresi geçti.',
  'request.fulfilled': '{c}, {s} belge talebini karşıladı.',
  'distribution.to-acknowledge': '{c} onaylanması gereken bir güvenlik mektubu gönderdi: {s}.',
  'distribution.overdue': '{s} güvenlik mektubunun onay süresi geçti.',
  'distribution.acknowledged': '{c}, {s} güvenlik mektubunu onayladı.',
  'credential.expiring': '{s} sisteminin API kimlik bilgisinin süresi yakında doluyor ({r}).',
  'standard.published': '{c}, eşleme standardının yeni bir sürümünü yayımladı: {s}.',
  'webhook.disabled':
    'Merkez, {s} webhook uç noktasını devre dışı bıraktı: ona yapılan her teslimat yaklaşık üç gün boyunca başarısız oldu ({r}).',
};

const WORDS: Record<
  NotificationLanguage,
  { lines: Lines; subject: string; digest: string; open: string; settings: string }
> = {
  en: {
    lines: EN,
    subject: 'CCSC: ',
    digest: 'CCSC: your notifications of the day',
    open: 'Open the console to see it:',
    settings: 'Which e-mails you receive is set in the console under notification settings.',
  },
  de: {
    lines: DE,
    subject: 'CCSC: ',
    digest: 'CCSC: Ihre Benachrichtigungen des Tages',
    open: 'Öffnen Sie die Konsole, um es anzusehen:',
    settings:
      'Welche E-Mails Sie erhalten, legen Sie in der Konsole unter den Benachrichtigungseinstellungen fest.',
  },
  tr: {
    lines: TR,
    subject: 'CCSC: ',
    digest: 'CCSC: günün bildirimleri',
    open: 'Görmek için konsolu açın:',
    settings: 'Hangi e-postaları alacağınızı konsoldaki bildirim ayarlarından belirlersiniz.',
  },
};

type Said = Pick<StoredNotification, 'kind' | 'subject' | 'counterpart' | 'reason'>;

/** One notification as a sentence in the language. */
export const sentenceOf = (language: NotificationLanguage, n: Said): string =>
  WORDS[language].lines[n.kind]
    .replaceAll('{s}', n.subject.name)
    .replaceAll('{c}', n.counterpart?.name ?? '—')
    .replaceAll('{r}', n.reason ?? '—');

/** The e-mail sent at once for one notification. */
export const immediateMail = (
  language: NotificationLanguage,
  n: Said & Pick<StoredNotification, 'organisationName'>,
  consoleUrl: string | null,
): { subject: string; text: string } => {
  const w = WORDS[language];
  const line = sentenceOf(language, n);
  return {
    subject: `${w.subject}${line}`.slice(0, 200),
    text: [
      `${n.organisationName}: ${line}`,
      '',
      ...(consoleUrl === null ? [] : [w.open, consoleUrl, '']),
      w.settings,
    ].join('\n'),
  };
};

/** The daily digest: every notification of the day waiting for it, oldest first. */
export const digestMail = (
  language: NotificationLanguage,
  items: readonly (Said & Pick<StoredNotification, 'organisationName' | 'at'>)[],
  consoleUrl: string | null,
): { subject: string; text: string } => {
  const w = WORDS[language];
  return {
    subject: w.digest,
    text: [
      ...items.map(
        (n) =>
          `- ${displayDateTime(n.at, language)} · ${n.organisationName}: ${sentenceOf(language, n)}`,
      ),
      '',
      ...(consoleUrl === null ? [] : [w.open, consoleUrl, '']),
      w.settings,
    ].join('\n'),
  };
};
