import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { DateRangeFilter } from './date-range-filter';

describe('DateRangeFilter', () => {
  it('"Desde" and "Hasta" give their edge, each bounded by the other, and null when emptied', async () => {
    const onChange = vi.fn();
    const { user } = renderWithApp(<DateRangeFilter from="2026-03-05" to="2026-03-10" onChange={onChange} />);
    const from = screen.getByRole('textbox', { name: 'Desde' });
    const to = screen.getByRole('textbox', { name: 'Hasta' });
    expect(from).toHaveValue('05/03/2026');
    expect(to).toHaveValue('10/03/2026');

    await user.clear(from);
    await user.type(from, '11/03/2026{Enter}');
    expect(screen.getByText('La fecha debe ser hasta el 10/03/2026')).toBeInTheDocument();
    await user.clear(to);
    await user.type(to, '04/03/2026{Enter}');
    expect(screen.getByText('La fecha debe ser desde el 05/03/2026')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(to);
    await user.type(to, '09/03/2026{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('to', '2026-03-09');
    await user.clear(from);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('from', null);
  });
});
