import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from './page-loader';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';
import { SCREENS } from './screens';

/** Every screen is its own chunk, so /login carries only what it needs (docs/product.md#stack). */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const dashboard = page(() => import('../features/dashboard/components/dashboard-page'));

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
                path: 'users',
                handle: SCREENS.users,
                lazy: page(() => import('../features/users/components/user-list')),
              },
              {
                path: 'suppliers',
                handle: SCREENS.suppliers,
                lazy: page(() => import('../features/catalog/components/supplier-list')),
              },
              {
                path: 'brands',
                handle: SCREENS.brands,
                lazy: page(() => import('../features/catalog/components/brand-list')),
              },
              {
                path: 'engagement',
                handle: SCREENS.engagement,
                lazy: page(() => import('../features/engagement/components/engagement-page')),
              },
              {
                path: 'posts',
                handle: SCREENS.posts,
                lazy: page(() => import('../features/posts/components/post-list')),
              },
              {
                path: 'stories',
                handle: SCREENS.stories,
                lazy: page(() => import('../features/stories/components/story-list')),
              },
              {
                path: 'notification-types',
                handle: SCREENS['notification-types'],
                lazy: page(() => import('../features/types/components/notification-type-list')),
              },
              {
                path: 'notifications',
                handle: SCREENS.notifications,
                lazy: page(() => import('../features/notifications/components/notification-list')),
              },
              {
                path: 'event-types',
                handle: SCREENS['event-types'],
                lazy: page(() => import('../features/types/components/event-type-list')),
              },
              {
                path: 'events',
                handle: SCREENS.events,
                lazy: page(() => import('../features/events/components/event-list')),
              },
              {
                path: 'calendar',
                handle: SCREENS.calendar,
                lazy: page(() => import('../features/events/components/calendar-page')),
              },
              {
                path: 'point-actions',
                handle: SCREENS['point-actions'],
                lazy: page(() => import('../features/point-actions/components/point-action-list')),
              },
              {
                path: 'surveys',
                handle: SCREENS.surveys,
                lazy: page(() => import('../features/surveys/components/survey-list')),
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
              {
                path: 'audit',
                handle: SCREENS.audit,
                lazy: page(() => import('../features/audit/components/audit-list')),
              },
              {
                path: 'account',
                handle: SCREENS.account,
                lazy: page(() => import('../features/account/components/account-page')),
              },
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
