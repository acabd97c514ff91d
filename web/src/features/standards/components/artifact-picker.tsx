import type { CatalogueIndex } from '@ccsc/contract/standard-rows';
import { type CSSProperties, memo, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { type ArtifactChoice, searchArtifacts, type TmfArtifact } from '../utils/grid-state';
import { TmfName } from '../../../components/tmf-name';

const ARTIFACT_NUMBER = /^\d\d\.\d\d\.\d\d$/;

interface ArtifactPickerProps {
  id: string;
  /** The accessible name ("Artifact, row 3"). */
  label: string;
  catalogue: CatalogueIndex;
  /** The artifact number the row holds ('' for none). */
  value: string;
  /** An artifact chosen (with the sub-artifact it was found by), or null: the target cleared. */
  onPick: (artifact: TmfArtifact | null, subArtifact: string | null) => void;
  /** A number typed that the catalogue does not know (kept: the row shows it as a problem). */
  onUnknown?: (number: string) => void;
  invalid?: boolean;
  describedBy?: string;
  small?: boolean;
}

/** "05.02.07 Curriculum Vitae", or the number alone when the catalogue does not know it. */
export const artifactText = (catalogue: CatalogueIndex, number: string): string => {
  const artifact = catalogue.artifacts.get(number.trim());
  return artifact === undefined ? number : `${artifact.number} ${artifact.name}`;
};

/**
 * A combobox over the TMF catalogue (ARIA 1.2 combobox with a listbox popup): typing searches by
 * number, name and sub-artifact; each choice shows core or recommended, the filing levels it
 * allows and the sub-artifact it matched. Arrow keys move, Enter chooses, Escape gives up. Leaving
 * the box with a number written zz.ss.aa keeps it, an empty box clears the target, other text
 * goes back to what was chosen.
 */
export const ArtifactPicker = memo(function ArtifactPicker({
  id,
  label,
  catalogue,
  value,
  onPick,
  onUnknown,
  invalid = false,
  describedBy,
  small = true,
}: ArtifactPickerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  /** What is typed while the box is being edited; null while it shows the value. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const open = query !== null && place !== null;
  const choices = useMemo(
    () => (query === null ? [] : searchArtifacts(catalogue, query, 40)),
    [catalogue, query],
  );

  const show = (text: string) => {
    setQuery(text);
    setActive(0);
    const box = input.current?.getBoundingClientRect();
    setPlace({
      position: 'fixed',
      top: (box?.bottom ?? 0) + 2,
      left: box?.left ?? 0,
      width: Math.max(box?.width ?? 0, 480),
      maxHeight: 320,
      overflowY: 'auto',
      zIndex: 1080,
    });
  };
  const close = () => {
    setQuery(null);
    setPlace(null);
  };
  const choose = (choice: ArtifactChoice) => {
    close();
    onPick(choice.artifact, choice.subArtifact);
  };
  const leave = () => {
    if (query === null) return;
    const typed = query.trim();
    close();
    if (typed === artifactText(catalogue, value).trim() || typed === value) return;
    if (typed === '') {
      if (value !== '') onPick(null, null);
      return;
    }
    if (ARTIFACT_NUMBER.test(typed)) {
      const known = catalogue.artifacts.get(typed);
      if (known !== undefined) onPick(known, null);
      else onUnknown?.(typed);
    }
  };

  const optionId = (i: number) => `${listId}-option-${String(i)}`;
  const activeChoice = open ? choices[active] : undefined;
  return (
    <>
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        className={`form-control${small ? ' form-control-sm' : ''}${invalid ? ' is-invalid' : ''}`}
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeChoice === undefined ? undefined : optionId(active)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('standards.picker.placeholder')}
        value={query ?? artifactText(catalogue, value)}
        onFocus={(e) => {
          e.target.select();
        }}
        onChange={(e) => {
          show(e.target.value);
        }}
        onBlur={leave}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (!open) {
              show(query ?? '');
              return;
            }
            const step = e.key === 'ArrowDown' ? 1 : -1;
            setActive((i) => Math.min(Math.max(i + step, 0), Math.max(choices.length - 1, 0)));
          } else if (e.key === 'Enter') {
            if (activeChoice !== undefined) {
              e.preventDefault();
              choose(activeChoice);
            } else if (query !== null) {
              e.preventDefault();
              leave();
            }
          } else if (e.key === 'Escape' && query !== null) {
            e.preventDefault();
            e.stopPropagation();
            close();
          }
        }}
      />
      {createPortal(
        <ul
          id={listId}
          role="listbox"
          aria-label={t('standards.picker.choices', { label })}
          className="list-group shadow"
          style={open ? place : { display: 'none' }}
        >
          {open && choices.length === 0 && (
            <li className="list-group-item small text-body-secondary" role="presentation">
              {t('standards.picker.none')}
            </li>
          )}
          {open &&
            choices.map((choice, i) => (
              <li
                key={`${choice.artifact.number}-${choice.subArtifact ?? ''}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`list-group-item list-group-item-action small py-1${i === active ? ' active' : ''}`}
                onMouseDown={(e) => {
                  e.preventDefault(); // keeps the focus in the box: no blur before the choice
                }}
                onClick={() => {
                  choose(choice);
                }}
              >
                <strong>{choice.artifact.number}</strong> <TmfName>{choice.artifact.name}</TmfName>{' '}
                <span
                  className={`badge ${choice.artifact.core ? 'text-bg-warning' : 'text-bg-light border'}`}
                >
                  {choice.artifact.core
                    ? t('standards.picker.core')
                    : t('standards.picker.recommended')}
                </span>
                <div className={i === active ? '' : 'text-body-secondary'}>
                  {t('standards.picker.levels', {
                    levels: choice.artifact.levels.map((l) => t(`standards.level.${l}`)).join(', '),
                  })}
                  {choice.artifact.personal && ` · ${t('standards.picker.personal')}`}
                  {choice.subArtifact !== null &&
                    ` · ${t('standards.picker.subArtifact', { sub: choice.subArtifact })}`}
                </div>
              </li>
            ))}
        </ul>,
        document.body,
      )}
    </>
  );
});
