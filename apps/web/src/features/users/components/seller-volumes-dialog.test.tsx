import type { TVolume } from '@panel/shared';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import { SellerVolumesDialog } from './seller-volumes-dialog';
import { currentYear } from './target-year';

const seller = { id: 2, name: 'Vera Vendedora' };
const volume = (id: number, month: number, amount: number): TVolume => ({
  id,
  user_id: 2,
  year: currentYear(),
  month,
  target_amount: amount,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

function renderDialog(onClose = vi.fn()) {
  signIn();
  const view = renderWithApp(<SellerVolumesDialog opened seller={seller} onClose={onClose} />);
  return { ...view, onClose };
}

const stored = [volume(11, 1, 1000), volume(12, 2, 2000.5)];

describe('SellerVolumesDialog', () => {
  it('shows the stored months with a comma, this year by default', async () => {
    const { requests } = mockApi({ 'GET /api/user/volume': () => ({ body: { data: stored, meta: {} } }) });
    renderDialog();
    expect(
      screen.getByRole('dialog', { name: 'Volúmenes mensuales ($) · Vera Vendedora' }),
    ).toBeInTheDocument();
    expect(await screen.findByDisplayValue('2.000,5')).toBeInTheDocument();
    expect(screen.getByLabelText('Enero')).toHaveValue('1.000');
    expect(screen.getByLabelText('Año')).toHaveValue(String(currentYear()));
    expect(requests[0]!.url.searchParams.get('per_page')).toBe('100');
    expect(screen.getByText('Dejá vacío un mes para eliminar su volumen.')).toBeInTheDocument();
  });

  it('shows and takes amounts with thousands separators ("1.916.000"), and sends plain numbers (issue 28, item 16)', async () => {
    const { requests } = mockApi({
      'GET /api/user/volume': () => ({ body: { data: [volume(11, 1, 1916000)], meta: {} } }),
      'POST /api/user/volume/upsert': () => ({ body: { data: volume(99, 1, 0) } }),
    });
    const { user } = renderDialog();
    expect(await screen.findByDisplayValue('1.916.000')).toBe(screen.getByLabelText('Enero'));
    // Pasted, not typed key by key: the same change events, a fraction of the time.
    for (const [month, text] of [
      ['Febrero', '2500000'],
      ['Marzo', '1.234.567,89'],
      ['Abril', '12a'],
    ] as const) {
      await user.click(screen.getByLabelText(month));
      await user.paste(text);
    }
    await user.click(screen.getByLabelText('Mayo'));
    expect(screen.getByLabelText('Febrero')).toHaveValue('2.500.000');
    expect(screen.getByLabelText('Marzo')).toHaveValue('1.234.567,89');
    expect(screen.getByLabelText('Abril')).toHaveValue('12a');
    await user.clear(screen.getByLabelText('Abril'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Metas guardadas correctamente')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual(
      expect.arrayContaining([
        { user_id: 2, year: currentYear(), month: 1, target_amount: 1916000 },
        { user_id: 2, year: currentYear(), month: 2, target_amount: 2500000 },
        { user_id: 2, year: currentYear(), month: 3, target_amount: 1234567.89 },
      ]),
    );
  });

  it('an invalid value toasts `Valor inválido en <Mes> "<texto>"` and saves nothing', async () => {
    const { requests } = mockApi({ 'GET /api/user/volume': () => ({ body: { data: stored, meta: {} } }) });
    const { user, onClose } = renderDialog();
    await screen.findByDisplayValue('2.000,5');
    await user.type(screen.getByLabelText('Marzo'), '12a');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Valor inválido en Marzo "12a"')).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('deletes an emptied month that has a record, upserts filled ones (comma → dot), then closes', async () => {
    const { requests } = mockApi({
      'GET /api/user/volume': () => ({ body: { data: stored, meta: {} } }),
      'DELETE /api/user/volume/12': () => ({ status: 204 }),
      'POST /api/user/volume/upsert': (req) => ({ body: { data: volume(99, 1, 0), echo: req.body } }),
    });
    const { user, onClose } = renderDialog();
    await screen.findByDisplayValue('2.000,5');
    await user.clear(screen.getByLabelText('Febrero'));
    await user.type(screen.getByLabelText('Abril'), '1234,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Metas guardadas correctamente')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const writes = requests.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => `${r.method} ${r.url.pathname}`).sort()).toEqual([
      'DELETE /api/user/volume/12',
      'POST /api/user/volume/upsert',
      'POST /api/user/volume/upsert',
    ]);
    expect(writes.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual(
      expect.arrayContaining([
        { user_id: 2, year: currentYear(), month: 1, target_amount: 1000 },
        { user_id: 2, year: currentYear(), month: 4, target_amount: 1234.5 },
      ]),
    );
  });

  it('warns "Guardadas n con m error(es)" on a partial failure and still closes', async () => {
    mockApi({
      'GET /api/user/volume': () => ({ body: { data: stored, meta: {} } }),
      'POST /api/user/volume/upsert': (req) =>
        (req.body as { month: number }).month === 2
          ? { status: 500, body: { message: 'Ocurrió un error interno.' } }
          : { body: { data: volume(1, 1, 1) } },
    });
    const { user, onClose } = renderDialog();
    await screen.findByDisplayValue('2.000,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardadas 1 con 1 error(es)')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says "No se pudieron guardar las metas" when every call fails', async () => {
    mockApi({
      'GET /api/user/volume': () => ({ body: { data: stored, meta: {} } }),
      'POST /api/user/volume/upsert': () => ({ status: 500, body: { message: 'x' } }),
    });
    const { user } = renderDialog();
    await screen.findByDisplayValue('2.000,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No se pudieron guardar las metas')).toBeInTheDocument();
  });

  it("each opening shows what is stored, not the last opening's edits", async () => {
    mockApi({ 'GET /api/user/volume': () => ({ body: { data: stored, meta: {} } }) });
    function Reopenable() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Abrir
          </button>
          <SellerVolumesDialog opened={opened} seller={seller} onClose={() => setOpened(false)} />
        </>
      );
    }
    signIn();
    const { user } = renderWithApp(<Reopenable />);
    await screen.findByDisplayValue('2.000,5');
    await user.type(screen.getByLabelText('Marzo'), '99');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByLabelText('Marzo')).toHaveValue('');
    expect(screen.getByLabelText('Enero')).toHaveValue('1.000');
  });

  it('a load failure toasts "Error al cargar metas" and cannot save', async () => {
    mockApi({ 'GET /api/user/volume': () => new Response('proxy caído', { status: 502 }) });
    renderDialog();
    expect((await screen.findAllByText('Error al cargar metas')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  });
});
