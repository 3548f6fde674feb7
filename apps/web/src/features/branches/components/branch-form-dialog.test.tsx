import type { TBranch } from '@panel/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import { BranchFormDialog, toBranchInput } from './branch-form-dialog';

const branch: TBranch = {
  id: 7,
  version: 1,
  name: 'Centro',
  city: 'Rosario',
  address: 'Córdoba 1234',
  has_connection_string: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderDialog(current: TBranch | null, onClose = vi.fn()) {
  signIn();
  const view = renderWithApp(<BranchFormDialog opened branch={current} onClose={onClose} />);
  return { ...view, onClose };
}

describe('toBranchInput (the connection string is a secret)', () => {
  const values = { name: 'Centro', city: 'Rosario', address: null, connection_string: '' };

  it('leaves the field out when it is blank, so the stored one stays', () => {
    expect(toBranchInput(values, false)).toEqual({ name: 'Centro', city: 'Rosario', address: null });
    expect('connection_string' in toBranchInput(values, false)).toBe(false);
  });

  it('sends the typed text to replace it', () => {
    expect(toBranchInput({ ...values, connection_string: 'postgres://x' }, false).connection_string).toBe(
      'postgres://x',
    );
  });

  it('sends null to remove it', () => {
    expect(toBranchInput({ ...values, connection_string: 'ignored' }, true).connection_string).toBeNull();
  });
});

describe('BranchFormDialog', () => {
  it('links an edited branch to "Historial de cambios", its entries on Auditoría; a new one has none', async () => {
    mockApi({});
    const { unmount } = renderDialog(branch);
    const link = await screen.findByRole('link', { name: 'Historial de cambios' });
    expect(link).toHaveAttribute('href', '/audit?entity=branches&entity_id=7');
    unmount();
    renderDialog(null);
    expect(await screen.findByRole('dialog', { name: 'Nueva Sucursal' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Historial de cambios' })).toBeNull();
  });

  it('requires a name: "El nombre es obligatorio", and sends nothing', async () => {
    const { requests } = mockApi({});
    const { user } = renderDialog(null);
    expect(screen.getByRole('dialog', { name: 'Nueva Sucursal' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nombre/), '   ');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates with trimmed values, empty optional fields as null, and says "Sucursal creada correctamente"', async () => {
    const { requests } = mockApi({
      'POST /api/branches': (req) => ({
        status: 201,
        body: { data: { ...branch, ...(req.body as object) } },
      }),
    });
    const { user, onClose } = renderDialog(null);
    await user.type(screen.getByLabelText(/Nombre/), '  Norte  ');
    await user.type(screen.getByLabelText('Cadena de conexión'), 'postgres://norte');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Sucursal creada correctamente')).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({
      name: 'Norte',
      city: null,
      address: null,
      connection_string: 'postgres://norte',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('editing keeps a stored connection string when the field stays blank', async () => {
    const { requests } = mockApi({ 'PUT /api/branches/7': () => ({ body: { data: branch } }) });
    const { user } = renderDialog(branch);
    expect(screen.getByRole('dialog', { name: 'Editar Sucursal' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Nombre/)).toHaveValue('Centro');
    expect(screen.getByText(/Hay una cadena de conexión guardada/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Sucursal actualizada correctamente')).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({ name: 'Centro', city: 'Rosario', address: 'Córdoba 1234' });
  });

  it('"Quitar cadena de conexión" sends null', async () => {
    const { requests } = mockApi({ 'PUT /api/branches/7': () => ({ body: { data: branch } }) });
    const { user } = renderDialog(branch);
    await user.click(screen.getByLabelText('Quitar cadena de conexión'));
    expect(screen.getByLabelText('Cadena de conexión')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.at(-1)?.body).toMatchObject({ connection_string: null }));
  });

  it('shows the server field errors under their inputs and toasts the message', async () => {
    mockApi({
      'PUT /api/branches/7': () => ({
        status: 400,
        body: {
          message: 'Los datos enviados no son válidos.',
          errors: { city: ['La ciudad es demasiado larga'] },
        },
      }),
    });
    const { user, onClose } = renderDialog(branch);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La ciudad es demasiado larga')).toBeInTheDocument();
    expect(await screen.findByText('Los datos enviados no son válidos.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ciudad')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('falls back to "Error al guardar la sucursal" without a server message', async () => {
    mockApi({ 'PUT /api/branches/7': () => new Response('Bad gateway', { status: 502 }) });
    const { user } = renderDialog(branch);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error al guardar la sucursal')).toBeInTheDocument();
  });
});
