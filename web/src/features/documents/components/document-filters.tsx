import { DIRECTIONS, DOCUMENT_STATES } from '@ccsc/contract/documents';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterSelect } from '../../../components/filter-bar';
import { SearchBox } from '../../../components/search-box';
import { type DocumentQuery, validFilter } from '../utils/document-query';
import { DateField } from '../../../components/date-field';

interface DocumentFiltersProps {
  query: DocumentQuery;
  onChange: (query: DocumentQuery) => void;
}

type TextKey = 'artifactNumber' | 'typeCode';

/** What of the text the list is filtered by: the trimmed text, undefined for none, null if refused. */
const parserOf =
  (key: TextKey) =>
  (text: string): string | undefined | null => {
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
    return validFilter(key, trimmed) ? trimmed : null;
  };

const parseArtifact = parserOf('artifactNumber');
const parseTypeCode = parserOf('typeCode');

interface TextFilterProps {
  id: string;
  name: TextKey;
  label: string;
  placeholder: string;
  invalidText: string;
  parse: (text: string) => string | undefined | null;
  maxLength: number;
  query: DocumentQuery;
  onChange: (query: DocumentQuery) => void;
}

/** A filter typed as text: the list's search box, applied once typing pauses, to one field. */
const TextFilter = ({ name, query, onChange, ...box }: TextFilterProps) => {
  const value = query[name];
  const searched = useMemo(() => ({ search: value }), [value]);
  return (
    <SearchBox
      {...box}
      className="col-6 col-md-4 col-xl-2"
      query={searched}
      onChange={({ search }) => {
        onChange({ ...query, [name]: search });
      }}
    />
  );
};

/** Whether `from` and `to` (yyyy-mm-dd or '') make a range: to is not before from. */
const inOrder = (from: string, to: string) => from === '' || to === '' || from <= to;

/**
 * The document list's filters: state, direction, the order (newest or oldest first), artifact number, document type code (typed,
 * applied once typing pauses and only as the contract accepts them) and the days sent between
 * (UTC, both included). Study and connection come from the link and show as chips (the page).
 */
export const DocumentFilters = ({ query, onChange }: DocumentFiltersProps) => {
  const { t } = useTranslation();
  const [from, setFrom] = useState(query.sentFrom ?? '');
  const [to, setTo] = useState(query.sentTo ?? '');
  const ordered = inOrder(from, to);

  const changeDays = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (!inOrder(nextFrom, nextTo)) return;
    onChange({
      ...query,
      sentFrom: nextFrom === '' ? undefined : nextFrom,
      sentTo: nextTo === '' ? undefined : nextTo,
    });
  };

  return (
    <FilterBar label={t('documents.list.filters')}>
      <FilterSelect
        id="documents-state"
        className="col-6 col-md-4 col-xl-2"
        label={t('documents.list.state')}
        anyLabel={t('documents.list.anyState')}
        value={query.state}
        onChange={(value) => {
          onChange({ ...query, state: DOCUMENT_STATES.find((s) => s === value) });
        }}
      >
        {DOCUMENT_STATES.map((state) => (
          <option key={state} value={state}>
            {t(`documents.state.${state}`)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        id="documents-direction"
        className="col-6 col-md-4 col-xl-2"
        label={t('documents.list.direction')}
        anyLabel={t('documents.list.anyDirection')}
        value={query.direction}
        onChange={(value) => {
          onChange({ ...query, direction: DIRECTIONS.find((d) => d === value) });
        }}
      >
        {DIRECTIONS.map((direction) => (
          <option key={direction} value={direction}>
            {t(`documents.direction.${direction}`)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        id="documents-order"
        className="col-6 col-md-4 col-xl-2"
        label={t('documents.list.order')}
        anyLabel={t('documents.list.newestFirst')}
        value={query.order === 'oldest' ? 'oldest' : undefined}
        onChange={(value) => {
          onChange({ ...query, order: value === 'oldest' ? 'oldest' : undefined });
        }}
      >
        <option value="oldest">{t('documents.list.oldestFirst')}</option>
      </FilterSelect>
      <TextFilter
        id="documents-artifact"
        name="artifactNumber"
        label={t('documents.list.artifactNumber')}
        placeholder={t('documents.list.artifactPlaceholder')}
        invalidText={t('documents.list.artifactInvalid')}
        parse={parseArtifact}
        maxLength={8}
        query={query}
        onChange={onChange}
      />
      <TextFilter
        id="documents-type"
        name="typeCode"
        label={t('documents.list.typeCode')}
        placeholder={t('documents.list.typePlaceholder')}
        invalidText={t('documents.list.typeInvalid')}
        parse={parseTypeCode}
        maxLength={100}
        query={query}
        onChange={onChange}
      />
      <div className="col-6 col-md-4 col-xl-2">
        <label className="form-label" htmlFor="documents-sent-from">
          {t('documents.list.sentFrom')}
        </label>
        <DateField
          id="documents-sent-from"
          className="form-control"
          value={from}
          max={to === '' ? undefined : to}
          aria-describedby="documents-days-note"
          onChange={(day) => {
            changeDays(day, to);
          }}
        />
      </div>
      <div className="col-6 col-md-4 col-xl-2">
        <label className="form-label" htmlFor="documents-sent-to">
          {t('documents.list.sentTo')}
        </label>
        <DateField
          id="documents-sent-to"
          className={`form-control${ordered ? '' : ' is-invalid'}`}
          value={to}
          min={from === '' ? undefined : from}
          aria-invalid={ordered ? undefined : true}
          aria-describedby={
            ordered ? 'documents-days-note' : 'documents-days-note documents-days-problem'
          }
          onChange={(day) => {
            changeDays(from, day);
          }}
        />
        {!ordered && (
          <div id="documents-days-problem" className="invalid-feedback">
            {t('documents.list.daysOutOfOrder')}
          </div>
        )}
      </div>
      <p id="documents-days-note" className="form-text col-12 mt-1 mb-0">
        {t('documents.list.daysNote')}
      </p>
    </FilterBar>
  );
};
