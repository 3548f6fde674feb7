import {
  IconAward,
  IconBell,
  IconBuildingStore,
  IconCalendarEvent,
  IconCalendarMonth,
  IconChartBar,
  IconClipboardList,
  IconHistory,
  IconHome,
  IconMovie,
  IconNews,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { canOpen, type Viewer } from '../../lib/permissions';

type Icon = ComponentType<{ size?: number | string; stroke?: number | string }>;

export interface MenuLeaf {
  label: string;
  path: string;
  /** Also active on these paths (the dashboard lives at / and /dashboard). */
  alsoActiveOn?: string[];
}

export interface MenuEntry extends MenuLeaf {
  icon: Icon;
  children?: MenuLeaf[];
  /** The calendar shows the number of upcoming events. */
  badge?: 'upcoming-events';
}

export interface MenuSection {
  label: string;
  entries: MenuEntry[];
}

/** The side menu of docs/product.md#layout (docs/product.md#the-two-readings-settled: "Tablero" points to /). */
export const MENU: MenuSection[] = [
  {
    label: 'Inicio',
    entries: [{ label: 'Tablero', path: '/', alsoActiveOn: ['/dashboard'], icon: IconHome }],
  },
  {
    label: 'Archivos',
    entries: [
      { label: 'Publicaciones', path: '/posts', icon: IconNews },
      { label: 'Historias', path: '/stories', icon: IconMovie },
      {
        label: 'Notificaciones',
        path: '/notifications',
        icon: IconBell,
        children: [
          { label: 'Tipos de Notificación', path: '/notification-types' },
          { label: 'Notificaciones', path: '/notifications' },
        ],
      },
      {
        label: 'Eventos',
        path: '/events',
        icon: IconCalendarEvent,
        children: [
          { label: 'Tipos de Eventos', path: '/event-types' },
          { label: 'Eventos', path: '/events' },
        ],
      },
      { label: 'Sucursales', path: '/branches', icon: IconBuildingStore },
      { label: 'Vendedores', path: '/users', icon: IconUsers },
      { label: 'Calendario', path: '/calendar', icon: IconCalendarMonth, badge: 'upcoming-events' },
      {
        label: 'Avances',
        path: '/suppliers',
        icon: IconChartBar,
        children: [
          { label: 'Proveedores', path: '/suppliers' },
          { label: 'Marcas', path: '/brands' },
          { label: 'Participación', path: '/engagement' },
        ],
      },
      {
        label: 'Gamificación',
        path: '/points-dashboard',
        icon: IconAward,
        children: [
          { label: 'Dashboard', path: '/points-dashboard' },
          { label: 'Leaderboard', path: '/points-leaderboard' },
          { label: 'Historial', path: '/points-transactions' },
          { label: 'Configuración', path: '/point-actions' },
        ],
      },
      { label: 'Encuestas', path: '/surveys', icon: IconClipboardList },
    ],
  },
  {
    // Issue 21, item 9: the audit trail, after the spec's menu.
    label: 'Administración',
    entries: [{ label: 'Auditoría', path: '/audit', icon: IconHistory }],
  },
];

export function isLeafActive(leaf: MenuLeaf, pathname: string): boolean {
  const paths = [leaf.path, ...(leaf.alsoActiveOn ?? [])];
  return paths.some((p) => (p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`)));
}

export function isEntryActive(entry: MenuEntry, pathname: string): boolean {
  return entry.children
    ? entry.children.some((c) => isLeafActive(c, pathname))
    : isLeafActive(entry, pathname);
}

/**
 * The menu as `viewer` may use it (lib/permissions.ts): the screens they cannot open left out, a submenu
 * without any left out whole, and an entry's own link moved to its first remaining screen.
 */
export function menuFor(viewer: Viewer): MenuSection[] {
  const allowed = (leaf: MenuLeaf) => canOpen(viewer, leaf.path);
  const entryFor = (entry: MenuEntry): MenuEntry | null => {
    if (!entry.children) return allowed(entry) ? entry : null;
    const children = entry.children.filter(allowed);
    const first = children[0];
    if (!first) return null;
    return children.length === entry.children.length ? entry : { ...entry, path: first.path, children };
  };
  return MENU.map((section) => ({
    ...section,
    entries: section.entries.map(entryFor).filter((entry): entry is MenuEntry => entry !== null),
  })).filter((section) => section.entries.length > 0);
}

/** Every place the quick search can go to for `viewer`, with the group it sits in. */
export function searchableScreens(viewer: Viewer): { label: string; path: string; group?: string }[] {
  const out: { label: string; path: string; group?: string }[] = [];
  for (const section of menuFor(viewer)) {
    for (const entry of section.entries) {
      if (!entry.children) {
        out.push({ label: entry.label, path: entry.path });
        continue;
      }
      for (const child of entry.children)
        out.push({ label: child.label, path: child.path, group: entry.label });
    }
  }
  return out;
}
