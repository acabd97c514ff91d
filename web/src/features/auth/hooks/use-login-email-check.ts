import { useState } from 'react';
import type { checkLoginEmail } from '../utils/login-email';

type CheckLoginEmail = typeof checkLoginEmail;

let loading: Promise<CheckLoginEmail> | undefined;

const loadCheck = (): Promise<CheckLoginEmail> => {
  loading ??= import('../utils/login-email').then(
    (module) => module.checkLoginEmail,
    (err: unknown) => {
      loading = undefined; // a failed download may succeed on the next focus
      throw err;
    },
  );
  return loading;
};

/**
 * The login e-mail rules are the contract's, and the contract's zod is too big for the login
 * screen's first load (README, "Size budget"): they are fetched when the user first focuses or
 * fills a field (`prepare`). Until they arrive `check` is null, and Login stays disabled.
 */
export const useLoginEmailCheck = () => {
  const [check, setCheck] = useState<CheckLoginEmail | null>(null);
  const prepare = () => {
    if (check) return;
    loadCheck().then(
      (loaded) => {
        setCheck(() => loaded);
      },
      () => undefined,
    );
  };
  return { check, prepare };
};
