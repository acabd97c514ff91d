import type { ReactNode } from 'react';

/** What an action ended in: said politely (success) or at once (a failure, a warning). */
export interface Notice {
  kind: 'success' | 'danger' | 'warning';
  text: string;
}

interface NoticeAlertProps {
  notice: Notice;
  testId?: string;
  /** Said after the text, inside the alert (a link to what was made, say). */
  children?: ReactNode;
}

/** A notice as an alert: a status when it is good news, an alert otherwise. */
export const NoticeAlert = ({ notice, testId, children }: NoticeAlertProps) => (
  <div
    className={`alert alert-${notice.kind}`}
    role={notice.kind === 'success' ? 'status' : 'alert'}
    data-testid={testId}
  >
    {notice.text}
    {children}
  </div>
);

/** The screen's notice, in a live region that is always there (so it is announced). */
export const NoticeArea = ({
  notice,
  ...rest
}: Omit<NoticeAlertProps, 'notice'> & { notice: Notice | null }) => (
  <div aria-live="polite">{notice && <NoticeAlert notice={notice} {...rest} />}</div>
);

/** A refusal or failure to show (a form's, a step's), in a live region that is always there. */
export const MessageArea = ({ message }: { message: string | null }) => (
  <div aria-live="polite">
    {message && (
      <div className="alert alert-danger" role="alert">
        {message}
      </div>
    )}
  </div>
);
