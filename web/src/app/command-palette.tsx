import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../lib/api';
import {
  HIT_KINDS,
  type HitKind,
  MIN_SEARCH,
  type PaletteAnswer,
  type PaletteHit,
  searchRecords,
} from './command-search';
import { MENU_ENTRIES } from './side-menu';

/** How long typing pauses before the records are searched. */
const PAUSE_MS = 200;

type Option = Omit<PaletteHit, 'kind'> & { kind: HitKind | 'page' };

const GROUPS = ['page', ...HIT_KINDS] as const;

/**
 * Whether Ctrl-K (⌘-K on a Mac) was pressed: what opens the palette from anywhere in the console,
 * a text field included (as in GitHub and Linear; the browser's own Ctrl-K is its search bar).
 */
export const isPaletteShortcut = (event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): boolean =>
  (event.ctrlKey || event.metaKey) &&
  !event.altKey &&
  !event.shiftKey &&
  event.key.toLowerCase() === 'k';

interface CommandPaletteProps {
  show: boolean;
  onHide: () => void;
}

/**
 * The command palette (issue 37): one field that finds the console's pages by name and its records
 * — users, organisations, systems, studies, mapping standards by name or id, a document by its
 * id (app/command-search.ts) — and goes there. A combobox with its list (WAI-ARIA APG): the arrow
 * keys move through the options, Enter opens one, Escape closes; the number found is announced.
 */
export const CommandPalette = ({ show, onHide }: CommandPaletteProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const listId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<(PaletteAnswer & { text: string }) | null>(null);
  const [active, setActive] = useState(0);
  const asked = useRef(0);
  const search = text.trim();

  useEffect(() => {
    const call = (asked.current += 1);
    if (search.length < MIN_SEARCH) return;
    const timer = setTimeout(() => {
      void searchRecords(search, callApi).then((found) => {
        if (asked.current === call) setAnswer({ ...found, text: search });
      });
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [search]);

  const options: Option[] = useMemo(() => {
    const needle = search.toLocaleLowerCase();
    const pages = MENU_ENTRIES.map((entry) => ({
      kind: 'page' as const,
      id: `page:${entry.to}`,
      label: t(entry.label),
      detail: entry.to,
      to: entry.to,
    })).filter((page) => page.label.toLocaleLowerCase().includes(needle));
    const hits = answer !== null && answer.text === search ? answer.hits : [];
    return [...pages, ...hits];
  }, [search, answer, t]);

  const searching = search.length >= MIN_SEARCH && answer?.text !== search;
  const failed = answer !== null && answer.text === search ? answer.failed : [];
  const current = Math.min(active, options.length - 1);
  const optionId = (i: number) => `${listId}-${String(i)}`;

  const close = () => {
    setText('');
    setAnswer(null);
    setActive(0);
    onHide();
  };
  const choose = (option: Option) => {
    close();
    void navigate(option.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    // Up and Down move through the options (round); Home and End stay the field's own.
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
    };
    const move = moves[event.key];
    if (move !== undefined && options.length > 0) {
      event.preventDefault();
      setActive(move);
      document.getElementById(optionId(move))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter' && options[current] !== undefined) {
      event.preventDefault();
      choose(options[current]);
    }
  };

  const status = searching
    ? t('palette.searching')
    : options.length === 0
      ? search === ''
        ? ''
        : t('palette.none', { text: search })
      : t('palette.found', { count: options.length });

  return (
    <Modal show={show} onHide={close} aria-labelledby={titleId} scrollable>
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('palette.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <label htmlFor={`${listId}-field`} className="form-label">
          {t('palette.label')}
        </label>
        <input
          id={`${listId}-field`}
          type="search"
          className="form-control"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <p id={hintId} className="form-text mb-2">
          {t('palette.hint', { count: MIN_SEARCH })}
        </p>
        <p className="small mb-2" role="status" aria-live="polite">
          {status}
        </p>
        {failed.length > 0 && (
          <p className="small text-danger-emphasis" role="alert">
            {t('palette.failed', {
              kinds: failed.map((kind) => t(`palette.groups.${kind}`)).join(', '),
            })}
          </p>
        )}
        <div id={listId} role="listbox" aria-labelledby={titleId} className="command-palette-list">
          {GROUPS.map((group) => {
            const inGroup = options.flatMap((option, i) => (option.kind === group ? [i] : []));
            if (inGroup.length === 0) return null;
            const groupId = `${listId}-${group}`;
            return (
              <div key={group} role="group" aria-labelledby={groupId} className="mb-2">
                <div id={groupId} className="small fw-semibold text-uppercase mb-1">
                  {t(`palette.groups.${group}`)}
                </div>
                <div className="list-group">
                  {inGroup.map((i) => {
                    const option = options[i] as Option;
                    const selected = i === current;
                    return (
                      <div
                        key={option.id}
                        id={optionId(i)}
                        role="option"
                        aria-selected={selected}
                        className={`list-group-item list-group-item-action${selected ? ' active' : ''}`}
                        onMouseMove={() => {
                          if (!selected) setActive(i);
                        }}
                        onClick={() => {
                          choose(option);
                        }}
                      >
                        <span className="d-block text-break">{option.label}</span>
                        <span className="d-block small text-break">{option.detail}</span>
                      </div>
                    );
                  })}
                </div>
              </div>
            );
          })}
        </div>
      </Modal.Body>
    </Modal>
  );
};
