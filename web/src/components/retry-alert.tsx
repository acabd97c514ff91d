interface RetryAlertProps {
  /** What failed (the server's words where it refused). */
  message: string;
  retryLabel: string;
  /** Without it the failure is final: no button. */
  onRetry?: () => void;
  /** Spacing: `gap-3` unless told otherwise ("gap-2 mt-2"). */
  className?: string;
}

/** A load that failed: what went wrong and a button to try again. */
export const RetryAlert = ({
  message,
  retryLabel,
  onRetry,
  className = 'gap-3',
}: RetryAlertProps) => (
  <div className={`alert alert-danger d-flex align-items-center ${className}`} role="alert">
    <span className="me-auto">{message}</span>
    {onRetry && (
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
        {retryLabel}
      </button>
    )}
  </div>
);
