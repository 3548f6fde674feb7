import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from './page-loader';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';
import { SCREENS, UNDER_CONSTRUCTION } from './screens';

/** Every screen is its own chunk, so /login carries only what it needs (DECISIONS §6). */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const dashboard = page(() => import('../features/dashboard/components/dashboard-page'));
const underConstruction = page(() => import('./under-construction-route'));

export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { path: '/login', lazy: page(() => import('../features/auth/components/login-page')) },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: page(() => import('./layout/admin-layout')),
            children: [
              { index: true, handle: SCREENS.dashboard, lazy: dashboard },
              { path: 'dashboard', handle: SCREENS.dashboard, lazy: dashboard },
              {
                path: 'branches',
                handle: SCREENS.branches,
                lazy: page(() => import('../features/branches/components/branch-list')),
              },
              {
                path: 'points-leaderboard',
                handle: SCREENS['points-leaderboard'],
                lazy: page(() => import('../features/points-leaderboard/components/leaderboard-page')),
              },
              {
                path: 'points-transactions',
                handle: SCREENS['points-transactions'],
                lazy: page(() => import('../features/points-transactions/components/transactions-page')),
              },
              {
                path: 'points-dashboard',
                handle: SCREENS['points-dashboard'],
                lazy: page(() => import('../features/points-dashboard/components/points-dashboard-page')),
              },
              ...UNDER_CONSTRUCTION.map((key) => ({
                path: key,
                handle: SCREENS[key],
                lazy: underConstruction,
              })),
              {
                path: '*',
                handle: { title: 'Página no encontrada' },
                lazy: page(() => import('./not-found-page')),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
