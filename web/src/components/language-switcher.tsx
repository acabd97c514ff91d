import { useId, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../lib/hydration';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../lib/i18n';

interface LanguageSwitcherProps {
  /** For a dark bar ('outline-light') or a light one ('outline-secondary'). */
  variant?: 'outline-light' | 'outline-secondary';
}

/**
 * The button's Bootstrap classes. On a dark bar a solid light button: Bootstrap's outline-light
 * draws #f8f9fa text on the bar, 4.26:1 on the primary blue, short of the 4.5:1 small text needs
 * (WCAG 1.4.3); dark text on the light button is well over it on any bar.
 */
const BUTTON_CLASS: Record<NonNullable<LanguageSwitcherProps['variant']>, string> = {
  'outline-light': 'btn-light',
  'outline-secondary': 'btn-outline-secondary',
};

/**
 * Language choice, kept in localStorage (lib/i18n.ts). A disclosure button with a list of
 * buttons: Bootstrap's dropdown styles without its JavaScript and positioning library.
 */
export const LanguageSwitcher = ({ variant = 'outline-secondary' }: LanguageSwitcherProps) => {
  const { t } = useTranslation(); // re-renders on a language change
  const [open, setOpen] = useState(false);
  const listId = useId();
  const current = currentLanguage();
  const hydrated = useHydrated(); // a click on the prerendered button would go unheard

  const choose = (language: Language) => {
    setOpen(false);
    void changeLanguage(language);
  };
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
      setOpen(false);
  };

  return (
    <div
      className="dropdown"
      onBlur={closeWhenFocusLeaves}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className={`btn btn-sm ${BUTTON_CLASS[variant]} dropdown-toggle`}
        disabled={!hydrated}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${t('language.label')}: ${t(`language.${current}`)}`}
        onClick={() => {
          setOpen((isOpen) => !isOpen);
        }}
      >
        {t(`language.${current}`)}
      </button>
      <ul
        id={listId}
        className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
        data-bs-popper="static"
        hidden={!open}
      >
        {LANGUAGES.map((language) => (
          <li key={language}>
            <button
              type="button"
              lang={language}
              className={`dropdown-item${language === current ? ' active' : ''}`}
              aria-current={language === current ? 'true' : undefined}
              onClick={() => {
                choose(language);
              }}
            >
              {t(`language.${language}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
};
