import type { ReactNode } from 'react';

/** A list's search and filters: a search landmark that applies as it changes (no submit). */
export const FilterBar = ({ label, children }: { label: string; children: ReactNode }) => (
  <form
    className="row g-2 mb-3"
    role="search"
    aria-label={label}
    onSubmit={(e) => {
      e.preventDefault();
    }}
  >
    {children}
  </form>
);

interface FilterSelectProps {
  id: string;
  label: string;
  /** The column's width in the bar ("col-md-2"). */
  className: string;
  /** The value chosen, undefined for any. */
  value: string | undefined;
  /** The first option's text: no filter. */
  anyLabel: string;
  /** The value chosen, undefined for any. */
  onChange: (value: string | undefined) => void;
  /** The options after "any". */
  children: ReactNode;
}

/** One filter of a list: a select whose first option, "any", filters nothing. */
export const FilterSelect = ({
  id,
  label,
  className,
  value,
  anyLabel,
  onChange,
  children,
}: FilterSelectProps) => (
  <div className={className}>
    <label className="form-label" htmlFor={id}>
      {label}
    </label>
    <select
      id={id}
      className="form-select"
      value={value ?? ''}
      onChange={(e) => {
        onChange(e.target.value || undefined);
      }}
    >
      <option value="">{anyLabel}</option>
      {children}
    </select>
  </div>
);
