import { LoadingIndicator } from './loading-indicator';

/**
 * A spinner over the whole page that blocks the pointer while an action runs (SPEC §2: "a blocking
 * loader during sign-in"). Plain markup rather than a Modal, so that the login screen's first load
 * does not carry the dialog code.
 */
export const BlockingLoader = ({ show }: { show: boolean }) =>
  show ? (
    <div
      className="position-fixed top-0 start-0 w-100 h-100 d-flex align-items-center justify-content-center bg-dark bg-opacity-25"
      style={{ zIndex: 1090 }}
    >
      <LoadingIndicator className="bg-body rounded shadow px-4 py-3" />
    </div>
  ) : null;
