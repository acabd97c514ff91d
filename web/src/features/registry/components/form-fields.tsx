import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: string;
  /** The problem to show (already translated), or null. */
  problem: string | null;
  /** A hint under the field, read with it. */
  hint?: string;
  className?: string;
}

const describedBy = (id: string, problem: string | null, hint: string | undefined) =>
  [problem ? `${id}-problem` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

const Below = ({ id, problem, hint }: { id: string; problem: string | null; hint?: string }) => (
  <>
    {problem && (
      <div id={`${id}-problem`} className="invalid-feedback">
        {problem}
      </div>
    )}
    {hint && (
      <div id={`${id}-hint`} className="form-text">
        {hint}
      </div>
    )}
  </>
);

interface TextFieldProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email';
  maxLength: number;
  multiline?: boolean;
}

/** A labelled text input with its problem (aria-invalid, described by it) and hint. */
export const TextField = ({
  id,
  label,
  problem,
  hint,
  className = 'col-md-6',
  value,
  onChange,
  type = 'text',
  maxLength,
  multiline = false,
}: TextFieldProps) => {
  const common = {
    id,
    className: `form-control${problem ? ' is-invalid' : ''}`,
    value,
    maxLength,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy(id, problem, hint),
  } as const;
  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={3}
          onChange={(e) => {
            onChange(e.target.value);
          }}
        />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete="off"
          onChange={(e) => {
            onChange(e.target.value);
          }}
        />
      )}
      <Below id={id} problem={problem} hint={hint} />
    </div>
  );
};

interface SelectFieldProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
}

/** A labelled select with its problem and hint; the options are its children. */
export const SelectField = ({
  id,
  label,
  problem,
  hint,
  className = 'col-md-6',
  value,
  onChange,
  disabled = false,
  children,
}: SelectFieldProps) => (
  <div className={className}>
    <label className="form-label" htmlFor={id}>
      {label}
    </label>
    <select
      id={id}
      className={`form-select${problem ? ' is-invalid' : ''}`}
      value={value}
      disabled={disabled}
      aria-invalid={problem ? true : undefined}
      aria-describedby={describedBy(id, problem, hint)}
      onChange={(e) => {
        onChange(e.target.value);
      }}
    >
      {children}
    </select>
    <Below id={id} problem={problem} hint={hint} />
  </div>
);
