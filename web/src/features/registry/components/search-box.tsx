import { organisationListQuerySchema } from '@ccsc/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The registry's search as the server takes it (the contract's rule), or null if refused. */
const searchSchema = organisationListQuerySchema.shape.search;
export const validSearch = (text: string): string | undefined | null => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return searchSchema.safeParse(trimmed).success ? trimmed : null;
};

interface SearchBoxProps {
  id: string;
  label: string;
  placeholder: string;
  /** The search the list uses now. */
  applied: string | undefined;
  /** Called once typing pauses, with what the server accepts (undefined for none). */
  onSearch: (search: string | undefined) => void;
  className?: string;
  initial?: string;
}

/**
 * A search box that applies itself once typing pauses (300 ms), and only what the server accepts,
 * saying why otherwise.
 */
export const SearchBox = ({
  id,
  label,
  placeholder,
  applied,
  onSearch,
  className = 'col-md-4',
  initial = '',
}: SearchBoxProps) => {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const searched = validSearch(text);

  useEffect(() => {
    if (searched === null || searched === applied) return;
    const timer = setTimeout(() => {
      onSearch(searched);
    }, 300);
    return () => {
      clearTimeout(timer);
    };
  }, [searched, applied, onSearch]);

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
        maxLength={128}
        value={text}
        aria-invalid={searched === null ? true : undefined}
        aria-describedby={searched === null ? `${id}-problem` : undefined}
        onChange={(e) => {
          setText(e.target.value);
        }}
      />
      {searched === null && (
        <div id={`${id}-problem`} className="invalid-feedback">
          {t('registry.searchInvalid')}
        </div>
      )}
    </div>
  );
};
