import type { ReactNode } from 'react';

/**
 * A table's box that scrolls sideways on a narrow screen and that a keyboard reaches: focusable
 * and named as a region, so that whoever has no mouse scrolls it with the arrow keys (WCAG 2.1.1,
 * axe's scrollable-region-focusable). For tables with no link or button of their own, which
 * would otherwise give the focus a way in. Like ListTable's, the box clips what is placed
 * absolutely inside it. `className` adds spacing (e.g. `mb-3` between tables).
 */
export const ScrollRegion = ({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) => (
  <div
    className={`table-responsive position-relative${className === undefined ? '' : ` ${className}`}`}
    role="region"
    aria-label={label}
    tabIndex={0}
  >
    {children}
  </div>
);
