import { LoadingIndicator } from './loading-indicator';

/** The full-page indicator shown while a screen's code loads (SPEC §2). */
export const FullPageLoader = () => (
  <div className="d-flex align-items-center justify-content-center min-vh-100">
    <LoadingIndicator />
  </div>
);
