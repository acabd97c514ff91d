import type { Figure } from '@ccsc/contract/dashboard';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefOf } from '../../../config/list-links';
import { formatCount } from '../utils/dashboard-format';

interface FigureLinkProps {
  figure: Figure;
  /** What the number counts, said with it ("Locked accounts"). */
  label: string;
  /** Said after the number for screen readers only, where the label is elsewhere (a table). */
  hiddenLabel?: boolean;
  className?: string;
}

/** A figure as a link to the list behind it: the number and what it counts, as text. */
export const FigureLink = ({ figure, label, hiddenLabel = false, className }: FigureLinkProps) => {
  const { i18n } = useTranslation();
  const value = formatCount(figure.value, i18n.resolvedLanguage ?? 'en');
  return (
    <Link to={hrefOf(figure.link)} className={className}>
      <span className="fw-semibold">{value}</span>{' '}
      <span className={hiddenLabel ? 'visually-hidden' : 'ms-1'}>{label}</span>
    </Link>
  );
};

interface FigureRowProps {
  figure: Figure;
  label: string;
  /** What follows the figure in its row: the users it lists, with their buttons. */
  children?: ReactNode;
}

/** One figure of a block's list: muted when it is 0, so what needs attention stands out. */
export const FigureRow = ({ figure, label, children }: FigureRowProps) => (
  <li className="py-1">
    <FigureLink
      figure={figure}
      label={label}
      className={`fs-6${figure.value === 0 ? ' link-secondary' : ''}`}
    />
    {children}
  </li>
);
