import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBusinessTimeZone } from '../../lib/dates/time-zone';
import { renderWithApp } from '../../testing/render';
import { DateField, DateTimeField } from './date-time-field';

function Controlled({
  initial = null,
  onValue,
}: {
  initial?: string | null;
  onValue: (v: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DateTimeField
      label="Inicio"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

afterEach(() => setBusinessTimeZone('America/Argentina/Buenos_Aires'));

describe('DateTimeField', () => {
  it('reads what is typed day first as business wall time, and says it in words', async () => {
    const onValue = vi.fn();
    const { user } = renderWithApp(<Controlled onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Inicio' });
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa hh:mm');
    await user.type(input, '03/04/2026 9:30');
    expect(onValue).toHaveBeenLastCalledWith('2026-04-03T12:30:00.000Z');
    expect(screen.getByText('viernes 3 de abril, 09:30')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('viernes 3 de abril, 09:30');
    await user.tab();
    expect(input).toHaveValue('03/04/2026 09:30');
  });

  it('follows the zone the server names, not the browser', async () => {
    setBusinessTimeZone('Asia/Tokyo');
    const onValue = vi.fn();
    const { user } = renderWithApp(<Controlled onValue={onValue} />);
    await user.type(screen.getByRole('textbox', { name: 'Inicio' }), '03/04/2026 09:30');
    expect(onValue).toHaveBeenLastCalledWith('2026-04-03T00:30:00.000Z');
  });

  it('shows an instant it is given in the business zone', () => {
    renderWithApp(<Controlled initial="2026-12-01T02:30:00.000Z" onValue={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Inicio' })).toHaveValue('30/11/2026 23:30');
  });

  it('hands the form the text that did not read, and says what is wrong once the field is left', async () => {
    const onValue = vi.fn();
    const { user } = renderWithApp(<Controlled onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Inicio' });
    await user.type(input, '30/02/2026 10:00');
    expect(onValue).toHaveBeenLastCalledWith('30/02/2026 10:00');
    expect(screen.queryByText('El 30/02/2026 no existe')).toBeNull();
    await user.tab();
    expect(screen.getByText('El 30/02/2026 no existe')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('picks a day and a time on the calendar, with the keyboard', async () => {
    const onValue = vi.fn();
    const { user } = renderWithApp(<Controlled initial="2026-04-03T12:30:00.000Z" onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Elegir fecha y hora' }));
    const picker = await screen.findByRole('dialog', { name: 'Elegir fecha y hora' });
    const chosen = await screen.findByRole(
      'button',
      { name: 'viernes 3 de abril de 2026' },
      { timeout: 10_000 },
    );
    await waitFor(() => expect(chosen).toHaveFocus());
    // A week down, then Enter: Friday the 10th, at the time it had.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onValue).toHaveBeenLastCalledWith('2026-04-10T12:30:00.000Z');
    expect(screen.getByRole('textbox', { name: 'Inicio' })).toHaveValue('10/04/2026 09:30');
    // The focus moves on to the hours, 24-hour clock.
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Horas' })).toHaveFocus());
    await user.keyboard('18');
    await user.click(screen.getByRole('spinbutton', { name: 'Minutos' }));
    await user.keyboard('45');
    expect(onValue).toHaveBeenLastCalledWith('2026-04-10T21:45:00.000Z');
    expect(screen.getByText('viernes 10 de abril, 18:45')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(picker).not.toBeInTheDocument());
    // Escape closed the picker, and the focus is back on its button.
    expect(screen.getByRole('button', { name: 'Elegir fecha y hora' })).toHaveFocus();
  });
});

describe('DateField', () => {
  it('gives a filter only real days, and null when emptied', async () => {
    const onChange = vi.fn();
    const { user } = renderWithApp(<DateField label="Desde" value="" onChange={onChange} max="2026-03-10" />);
    const input = screen.getByRole('textbox', { name: 'Desde' });
    await user.type(input, '31/02/2026');
    await user.tab();
    expect(screen.getByText('El 31/02/2026 no existe')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '11/03/2026{Enter}');
    expect(screen.getByText('La fecha debe ser hasta el 10/03/2026')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(input);
    // While typing, "09/03/20" would read as 2020: a filter takes the day when it is left or on Enter.
    await user.type(input, '09/03/2026');
    expect(screen.getByText('lunes 9 de marzo')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-03-09');
  });
});
