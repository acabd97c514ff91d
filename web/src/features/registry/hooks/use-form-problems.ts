import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Problems, translateProblem } from '../utils/form-problems';

/**
 * Which problems a form shows: its own (the contract schema's, as the server checks) once a
 * field was changed or the form submitted, and the server's after a save until that field is
 * changed again; translated.
 */
export const useFormProblems = (local: Problems, server: Problems) => {
  const { t } = useTranslation();
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [cleared, setCleared] = useState<Record<string, boolean>>({});
  return {
    problemOf: (field: string): string | null => {
      const own = submitted || touched[field] ? local[field] : undefined;
      const theirs = cleared[field] ? undefined : server[field];
      const message = own ?? theirs;
      return message === undefined ? null : translateProblem(t, message);
    },
    /** A field was changed: its own problem shows, the server's goes. */
    changed: (field: string) => {
      setTouched((s) => ({ ...s, [field]: true }));
      setCleared((s) => ({ ...s, [field]: true }));
    },
    /** The form was submitted: every problem shows; the server's next answer shows again. */
    submitted: () => {
      setSubmitted(true);
      setCleared({});
    },
  };
};
