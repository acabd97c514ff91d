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

/** A filter of a list that has no field of its own on the screen (a link set it). */
export interface FilterChip {
  /** The filter's name in the list's query (and the chip's test id, `chip-<key>`). */
  key: string;
  /** What the filter keeps, in words ("Invitation: expired"). */
  text: string;
  /** The remove button's accessible name ("Remove the filter: Invitation: expired"). */
  removeLabel: string;
}

interface FilterChipsProps {
  /** Names the list of chips ("Filters from the link"). */
  label: string;
  chips: readonly FilterChip[];
  onRemove: (key: string) => void;
  className?: string;
}

/**
 * The filters of a list that have no field on the screen (a link set them: an id, a date before,
 * an exact time), each said in words with a button that removes it. Nothing when there is none.
 */
export const FilterChips = ({ label, chips, onRemove, className = 'mb-3' }: FilterChipsProps) =>
  chips.length === 0 ? null : (
    <ul className={`list-unstyled d-flex flex-wrap gap-2 ${className}`} aria-label={label}>
      {chips.map((chip) => (
        <li
          key={chip.key}
          className="badge rounded-pill text-bg-light border d-inline-flex align-items-center gap-2 fw-normal fs-6 text-wrap text-start"
          data-testid={`chip-${chip.key}`}
        >
          {chip.text}
          <button
            type="button"
            className="btn-close"
            style={{ fontSize: '0.6rem' }}
            aria-label={chip.removeLabel}
            onClick={() => {
              onRemove(chip.key);
            }}
          />
        </li>
      ))}
    </ul>
  );
