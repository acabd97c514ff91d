import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Paged, Pager } from './pager';

const paged = (overrides: Partial<Paged> = {}): Paged => ({
  pageNumber: 2,
  hasPrevious: true,
  hasNext: true,
  loading: false,
  previous: vi.fn(),
  next: vi.fn(),
  ...overrides,
});

describe('the one pager of the lists', () => {
  it('names the list it pages, shows the page and turns it either way', async () => {
    const user = userEvent.setup();
    const pages = paged();
    render(<Pager label="Pages of users" pages={pages} />);
    const nav = screen.getByRole('navigation', { name: 'Pages of users' });
    expect(nav).toHaveTextContent('Page 2');
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(pages.previous).toHaveBeenCalledOnce();
    expect(pages.next).toHaveBeenCalledOnce();
  });

  it('holds still while a page loads, and offers no way past either end', () => {
    const { rerender } = render(<Pager label="Pages" pages={paged({ loading: true })} />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    rerender(<Pager label="Pages" pages={paged({ pageNumber: 1, hasPrevious: false })} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('is absent while everything fits on one page', () => {
    render(<Pager label="Pages" pages={paged({ hasPrevious: false, hasNext: false })} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
