import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { signIn, type SignInFailure } from '../../../lib/auth';

/** What SPEC §8 shows for each failed sign-in; anything else is the info dialog's generic text. */
const FAILURE_MESSAGES = {
  'incorrect-credentials': 'errors.loginFailed',
  'unknown-user': 'errors.loginFailed',
  'user-disabled': 'errors.userDisabled',
} as const satisfies Partial<Record<SignInFailure, string>>;

export type LoginFailureKey = (typeof FAILURE_MESSAGES)[keyof typeof FAILURE_MESSAGES];

/**
 * The credentials form's sign-in: one attempt at a time (a second click while one runs is
 * ignored), a blocking loader meanwhile, the dashboard on success, the spec's messages otherwise.
 */
export const useLogin = () => {
  const navigate = useNavigate();
  const pending = useRef(false);
  const [signingIn, setSigningIn] = useState(false);
  /** Shown under the form; cleared when the user edits a field. */
  const [failure, setFailure] = useState<LoginFailureKey | null>(null);
  /** Shown in the info dialog. */
  const [info, setInfo] = useState<'errors.generic' | null>(null);

  const submit = async (email: string, password: string): Promise<void> => {
    if (pending.current) return;
    pending.current = true;
    setSigningIn(true);
    try {
      const result = await signIn(email, password);
      if (result.kind === 'signed-in') {
        await navigate(paths.admin.dashboard, { replace: true });
      } else if (result.kind === 'failed' && result.reason !== 'unknown') {
        setFailure(FAILURE_MESSAGES[result.reason]);
      } else {
        // Unknown failures, and the further steps (new password, TOTP) this form does not handle.
        setInfo('errors.generic');
      }
    } finally {
      pending.current = false;
      setSigningIn(false);
    }
  };

  return {
    submit,
    signingIn,
    failure,
    clearFailure: () => {
      setFailure(null);
    },
    info,
    closeInfo: () => {
      setInfo(null);
    },
  };
};
