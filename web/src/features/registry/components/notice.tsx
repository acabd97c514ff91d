/** What an action ended in: said once, politely (success) or at once (failure). */
export type Notice = { kind: 'success' | 'danger' | 'warning'; text: string } | null;

/** The screen's notice, in a live region that is always there (so it is announced). */
export const NoticeArea = ({ notice }: { notice: Notice }) => (
  <div aria-live="polite">
    {notice && (
      <div
        className={`alert alert-${notice.kind}`}
        role={notice.kind === 'success' ? 'status' : 'alert'}
        data-testid="registry-notice"
      >
        {notice.text}
      </div>
    )}
  </div>
);
