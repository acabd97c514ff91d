import { useTranslation } from 'react-i18next';

/** What a pager needs of a paged list (lib/use-cursor-pages.ts gives all of it). */
export interface Paged {
  /** 1 for the first page. */
  pageNumber: number;
  hasPrevious: boolean;
  hasNext: boolean;
  loading: boolean;
  previous: () => void;
  next: () => void;
}

interface PagerProps {
  /** Names the pager for a screen reader: which list it pages ("Pages of users"). */
  label: string;
  pages: Paged;
}

/**
 * The one pager of the console's lists (users, audit trail): Previous, the page number, Next.
 * Absent while everything fits on one page; held still while a page loads.
 */
export const Pager = ({ label, pages }: PagerProps) => {
  const { t } = useTranslation();
  if (!pages.hasPrevious && !pages.hasNext) return null;
  return (
    <nav aria-label={label} className="d-flex align-items-center gap-2 my-3">
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={!pages.hasPrevious || pages.loading}
        onClick={pages.previous}
      >
        {t('pager.previous')}
      </button>
      <span className="text-body-secondary">{t('pager.page', { page: pages.pageNumber })}</span>
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={!pages.hasNext || pages.loading}
        onClick={pages.next}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
};
