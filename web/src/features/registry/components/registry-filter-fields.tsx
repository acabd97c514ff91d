import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-bar';
import { SearchBox } from '../../../components/search-box';
import { validSearch } from '../utils/valid-search';
import { CountryOptions } from './country-options';

interface FieldProps<Q> {
  id: string;
  query: Q;
  onChange: (query: Q) => void;
}

/** A registry list's search: only what the contract's rule accepts is applied, saying why not. */
export const RegistrySearchBox = <Q extends { search?: string }>({
  placeholder,
  className,
  ...field
}: FieldProps<Q> & { placeholder: string; className?: string }) => {
  const { t } = useTranslation();
  return (
    <SearchBox
      {...field}
      className={className}
      label={t('registry.search')}
      placeholder={placeholder}
      maxLength={128}
      parse={validSearch}
      invalidText={t('registry.searchInvalid')}
    />
  );
};

/** A registry list's country filter. */
export const CountryFilter = <Q extends { country?: string }>({
  id,
  query,
  onChange,
}: FieldProps<Q>) => {
  const { t } = useTranslation();
  return (
    <FilterSelect
      id={id}
      className="col-md-4"
      label={t('registry.country')}
      anyLabel={t('registry.anyCountry')}
      value={query.country}
      onChange={(country) => {
        onChange({ ...query, country });
      }}
    >
      <CountryOptions />
    </FilterSelect>
  );
};
