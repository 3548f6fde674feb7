import { describe, expect, it } from 'vitest';
import { adminUser, managerUser } from '../../testing/render';
import { MENU, menuFor, searchableScreens } from './menu-items';
import { filterScreens } from './screen-search';

const labels = (viewer: Parameters<typeof menuFor>[0]) =>
  menuFor(viewer).flatMap((section) =>
    section.entries.map((entry) =>
      entry.children ? `${entry.label} (${entry.children.map((c) => c.label).join(', ')})` : entry.label,
    ),
  );

describe('menuFor', () => {
  it('gives an administrator the whole menu, unchanged', () => {
    expect(menuFor(adminUser)).toEqual(MENU);
  });

  it("leaves the company's setup out of a branch manager's menu", () => {
    expect(labels(managerUser)).toEqual([
      'Tablero',
      'Publicaciones',
      'Historias',
      'Notificaciones (Notificaciones)',
      'Eventos (Eventos)',
      'Vendedores',
      'Calendario',
      'Avances (Participación)',
      'Gamificación (Dashboard, Leaderboard, Historial)',
      'Encuestas',
      'Auditoría',
    ]);
  });

  it('points a shortened submenu at its first remaining screen', () => {
    const entries = menuFor(managerUser).flatMap((section) => section.entries);
    expect(entries.find((e) => e.label === 'Avances')?.path).toBe('/engagement');
    expect(entries.find((e) => e.label === 'Notificaciones')?.path).toBe('/notifications');
  });

  it('keeps the quick search to the screens a manager may open', () => {
    const paths = searchableScreens(managerUser).map((s) => s.path);
    expect(paths).not.toContain('/branches');
    expect(paths).not.toContain('/point-actions');
    expect(paths).toContain('/users');
    expect(filterScreens('sucursal', managerUser)).toEqual([]);
    expect(filterScreens('sucursal', adminUser).map((s) => s.path)).toEqual(['/branches']);
  });
});
