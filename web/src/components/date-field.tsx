import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate, parseDisplayDate } from '../lib/dates';

export interface DateFieldProps {
  id?: string;
  /** The day as an ISO date ("2026-12-05"), or '' for none. */
  value: string;
  /** The day typed, as an ISO date, or '' when the field was emptied; never a text that is no day. */
  onChange: (day: string) => void;
  /** The earliest and latest day allowed, ISO dates. */
  min?: string | undefined;
  max?: string | undefined;
  className?: string;
  required?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | undefined;
}

/**
 * A day, shown and typed in the console's one date form (SPEC §3: "05-Dec-2026", the month in
 * the page's language) in every language, where the browser's date input would show its own
 * locale's form (12/05/2026, 05.12.2026). Accepts the month in the page's language or English, in
 * any case, and ISO days. A text that is no day, or a day outside min..max, is said under the
 * field and held back from the form (the input's own validity says so too, so `required` forms
 * do not submit); the form only ever hears days.
 */
export const DateField = ({
  id,
  value,
  onChange,
  min,
  max,
  className = 'form-control',
  required,
  disabled,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
}: DateFieldProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const shown = (day: string) => (day === '' ? '' : formatDisplayDate(day, language));
  const [text, setText] = useState(() => shown(value));
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  // A day set from outside (a reset, a loaded record) or a language changed: shown anew, unless
  // the text already says that day (React's "adjusting state when a prop changes", in render).
  const [shownFor, setShownFor] = useState({ value, language });
  if (shownFor.value !== value || shownFor.language !== language) {
    setShownFor({ value, language });
    setText((now) =>
      parseDisplayDate(now, language) === value && value !== '' ? now : shown(value),
    );
    setProblem(null);
  }

  const check = (typed: string): string | null => {
    if (typed.trim() === '') return null;
    const day = parseDisplayDate(typed, language);
    if (day === null) return t('dateField.invalid', { example: shown('2026-12-05') });
    if (
      (min !== undefined && min !== '' && day < min) ||
      (max !== undefined && max !== '' && day > max)
    ) {
      return t('dateField.outOfRange', {
        earliest: min ? shown(min) : '…',
        latest: max ? shown(max) : '…',
      });
    }
    return null;
  };

  const describedByAll =
    [describedBy, problem === null ? undefined : problemId].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        className={`${className}${problem === null ? '' : ' is-invalid'}`}
        placeholder={t('dateField.placeholder')}
        value={text}
        required={required}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-describedby={describedByAll}
        aria-invalid={problem !== null || ariaInvalid ? true : undefined}
        ref={(element) => {
          element?.setCustomValidity(problem ?? '');
        }}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          if (typed.trim() === '') {
            setProblem(null);
            onChange('');
            return;
          }
          const day = parseDisplayDate(typed, language);
          // While typing, a text that is no day yet is not yet a problem; it is one on leaving.
          if (day !== null) {
            setProblem(check(typed));
            onChange(day);
          }
        }}
        onBlur={() => {
          const found = check(text);
          setProblem(found);
          const day = parseDisplayDate(text, language);
          if (day !== null) setText(shown(day));
        }}
      />
      {problem !== null && (
        <div id={problemId} className="invalid-feedback">
          {problem}
        </div>
      )}
    </>
  );
};
