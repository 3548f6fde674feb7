import type { TAuditEntry } from '@panel/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import { AuditList } from './audit-list';

const entry = (over: Partial<TAuditEntry>): TAuditEntry => ({
  id: 1,
  at: '2026-12-02T12:00:00.000Z',
  actor_id: 1,
  actor_email: 'admin@demo.local',
  actor_name: 'Administrador',
  actor_role: 'admin',
  ip: '127.0.0.1',
  request_id: 'req-1',
  route: 'POST /api/posts/bulk-delete',
  action: 'delete',
  entity: 'posts',
  entity_id: 123,
  changes: { content: { before: 'Hola a todos', after: null } },
  label: null,
  cascade: null,
  ...over,
});

function setup(entries: TAuditEntry[]) {
  mockApi({
    'GET /api/audit': () => ({
      body: { data: entries, meta: { page: 1, per_page: 20, total: entries.length, last_page: 1 } },
    }),
    'GET /api/users': () => ({ body: { data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } } }),
  });
  signIn();
  return renderWithApp(<AuditList />, { route: '/audit' });
}

// Issue 28, item 17: Auditoría names each record ("Publicación «…»", not "#123") and shows what
// was removed with it inside its one entry.
describe('AuditList, records named', () => {
  it('shows the name written with the entry, and "#id" for an entry written before names were', async () => {
    setup([
      entry({
        id: 2,
        entity_id: 124,
        label: 'Publicación «Hola a todos»',
        cascade: [
          { entity: 'post_images', action: 'delete', count: 2, ids: [5, 6] },
          { entity: 'post_likes', action: 'delete', count: 3, ids: [7, 8, 9] },
          { entity: 'post_comments', action: 'delete', count: 1, ids: [10] },
        ],
      }),
      entry({ id: 1, entity: 'branches', entity_id: 12, label: null }),
    ]);
    const named = (await screen.findByText('Publicación «Hola a todos»')).closest('tr')!;
    expect(within(named).queryByText(/#124/)).toBeNull();
    const old = screen.getByText('Sucursal #12').closest('tr')!;
    expect(old).not.toBe(named);
  });

  it('the entry names its record and lists what was removed with it', async () => {
    const { user } = setup([
      entry({
        label: 'Publicación «Hola a todos»',
        cascade: [
          { entity: 'post_images', action: 'delete', count: 2, ids: [5, 6] },
          { entity: 'post_likes', action: 'delete', count: 3, ids: [7, 8, 9] },
          { entity: 'post_comments', action: 'delete', count: 1, ids: [10] },
        ],
      }),
    ]);
    const row = (await screen.findByText('Publicación «Hola a todos»')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /^Ver cambios de Publicación «Hola a todos»/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambios en Publicación «Hola a todos»' });
    expect(within(dialog).getByText('Publicación #123')).toBeInTheDocument();
    expect(within(dialog).getByText('Eliminado con el registro')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Imagen de publicación (2), Me gusta (3), Comentario (1)'),
    ).toBeInTheDocument();
  });

  it('a created record shows what was created with it, each row with its values', async () => {
    const { user } = setup([
      entry({
        action: 'create',
        label: 'Publicación «Nueva exhibición»',
        changes: { content: { before: null, after: 'Nueva exhibición' } },
        cascade: [
          {
            entity: 'post_images',
            action: 'create',
            count: 2,
            ids: [5, 6],
            rows: [
              { id: 5, changes: { storage_key: { before: null, after: 'ab/5.png' } } },
              { id: 6, changes: { storage_key: { before: null, after: 'ab/6.png' } } },
            ],
          },
        ],
      }),
    ]);
    const row = (await screen.findByText('Publicación «Nueva exhibición»')).closest('tr')!;
    await user.click(
      within(row).getByRole('button', { name: /^Ver cambios de Publicación «Nueva exhibición»/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cambios en Publicación «Nueva exhibición»' });
    expect(within(dialog).getByText('Creado con el registro')).toBeInTheDocument();
    expect(within(dialog).getByText('Imagen de publicación (2)')).toBeInTheDocument();
    expect(within(dialog).queryByText('Quedaron sin el registro')).toBeNull();
    const image = within(dialog).getByRole('table', { name: 'Imagen de publicación #6 · Alta' });
    expect(within(image).getByRole('rowheader', { name: 'Archivo' })).toBeInTheDocument();
    expect(within(image).getByText('ab/6.png')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('table', { name: 'Imagen de publicación #5 · Alta' }),
    ).toBeInTheDocument();
  });
});
