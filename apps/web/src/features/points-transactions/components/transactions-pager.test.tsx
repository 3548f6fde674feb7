import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { TransactionsPager } from './transactions-pager';

const meta = (page: number, total: number, perPage = 20) => ({
  page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

describe('TransactionsPager', () => {
  it('hides previous/next and "Página X de Y" when there is one page', () => {
    renderWithApp(
      <TransactionsPager meta={meta(1, 20)} page={1} perPage={20} onPage={vi.fn()} onPerPage={vi.fn()} />,
    );
    expect(screen.queryByText(/Página/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    expect(screen.getByLabelText('Por página:')).toHaveValue('20');
  });

  it('shows "Página 2 de 3" and moves between pages', async () => {
    const onPage = vi.fn();
    renderWithApp(
      <TransactionsPager meta={meta(2, 41)} page={2} perPage={20} onPage={onPage} onPerPage={vi.fn()} />,
    );
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it('offers 10, 20, 50 and 100 per page', async () => {
    const onPerPage = vi.fn();
    renderWithApp(
      <TransactionsPager meta={meta(1, 5)} page={1} perPage={20} onPage={vi.fn()} onPerPage={onPerPage} />,
    );
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10', '20', '50', '100']);
    await userEvent.selectOptions(screen.getByLabelText('Por página:'), '50');
    expect(onPerPage).toHaveBeenCalledWith(50);
  });
});
