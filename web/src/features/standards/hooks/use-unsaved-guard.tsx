import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/app-modal';

/**
 * Keeps unsaved changes from being lost by leaving: while `dirty`, closing or reloading the tab
 * makes the browser ask, and a click on any link of the console (the menu, the header, the
 * screen's own) asks first in a dialog, then follows the link. The console's router is not a data
 * router (no useBlocker): links are caught as they are clicked, before the router sees them. The
 * screen's own steps that would drop the changes (another version, a reload) go through
 * `confirm`.
 */
export const useUnsavedGuard = (dirty: boolean) => {
  const { t } = useTranslation();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const passing = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    const click = (e: MouseEvent) => {
      if (passing.current || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.download) {
        return;
      }
      e.preventDefault();
      e.stopPropagation();
      setPending(() => () => {
        link.click();
      });
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);

  const confirm = useCallback(
    (proceed: () => void) => {
      if (dirty) setPending(() => proceed);
      else proceed();
    },
    [dirty],
  );

  const dialog =
    pending === null ? null : (
      <AppModal
        show
        title={t('standards.leave.title')}
        cancelLabel={t('standards.leave.stay')}
        confirmLabel={t('standards.leave.discard')}
        onCancel={() => {
          setPending(null);
        }}
        onConfirm={() => {
          setPending(null);
          passing.current = true;
          try {
            pending();
          } finally {
            passing.current = false;
          }
        }}
      >
        <p className="mb-0">{t('standards.leave.text')}</p>
      </AppModal>
    );

  return { confirm, dialog };
};
