import { useEffect, useState } from 'react';

/** The search as typed, trimmed; undefined for none. */
const trimmedSearch = (text: string): string | undefined => {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
};

interface SearchBoxProps<Q extends { search?: string }> {
  id: string;
  label: string;
  placeholder: string;
  /** The list's query: its search is the one applied now (and the text shown at first). */
  query: Q;
  /** Called once typing pauses, with the query searching what the server accepts. */
  onChange: (query: Q) => void;
  maxLength: number;
  className?: string;
  /**
   * What of the text the server takes: the search, undefined for none, or null when it would
   * refuse it (then not applied, and `invalidText` says why). By default the trimmed text.
   */
  parse?: (text: string) => string | undefined | null;
  invalidText?: string;
}

/**
 * A list's search box that applies itself once typing pauses (300 ms), and only what the server
 * accepts, saying why otherwise.
 */
export const SearchBox = <Q extends { search?: string }>({
  id,
  label,
  placeholder,
  query,
  onChange,
  maxLength,
  className = 'col-md-4',
  parse = trimmedSearch,
  invalidText,
}: SearchBoxProps<Q>) => {
  const [text, setText] = useState(query.search ?? '');
  const searched = parse(text);

  useEffect(() => {
    if (searched === null || searched === query.search) return;
    const timer = setTimeout(() => {
      onChange({ ...query, search: searched });
    }, 300);
    return () => {
      clearTimeout(timer);
    };
  }, [searched, query, onChange]);

  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={`form-control${searched === null ? ' is-invalid' : ''}`}
        placeholder={placeholder}
        maxLength={maxLength}
        value={text}
        aria-invalid={searched === null ? true : undefined}
        aria-describedby={searched === null ? `${id}-problem` : undefined}
        onChange={(e) => {
          setText(e.target.value);
        }}
      />
      {searched === null && (
        <div id={`${id}-problem`} className="invalid-feedback">
          {invalidText}
        </div>
      )}
    </div>
  );
};
