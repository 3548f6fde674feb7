import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportTransactionsRoute } from './export-transactions.ts';
import { getLeaderboardRoute } from './get-leaderboard.ts';
import { getPointsSummaryRoute } from './get-points-summary.ts';
import { listTransactionsRoute } from './list-transactions.ts';

/** Gamificación reports: Leaderboard, Historial (and its CSV export) and the Dashboard: /api/points/*. */
export const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(getLeaderboardRoute);
  await app.register(listTransactionsRoute);
  await app.register(exportTransactionsRoute);
  await app.register(getPointsSummaryRoute);
};
