import { ZAppMyPoints } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { businessMonthBounds } from '../../services/points/rules.ts';
import { sellerLedgerRows } from '../../services/points/transactions.ts';
import { errors } from '../schemas.ts';
import { APP_TAG, iso } from './app-scope.ts';

const RECENT = 20;

export const myPointsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/me/points',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Mis puntos, mi puesto del mes y mis últimos movimientos',
        description:
          '`rank`: puesto entre los vendedores activos con puntos en el mes calendario (zona horaria del negocio), ' +
          'con ranking de competencia estándar (los empates comparten puesto y el siguiente se saltea); null sin puntos en el mes. ' +
          '`branch_rank`: lo mismo entre los de su sucursal (null también sin sucursal). ' +
          `\`recent_transactions\`: los últimos ${RECENT} movimientos.`,
        response: { 200: ZAppMyPoints, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { start, end } = businessMonthBounds(app.now(), app.config.timeZone);
      const [summary] = await queryRows<{
        total_points: number;
        month_points: number | null;
        ranked: number;
        ahead: number;
        branch_ranked: number;
        branch_ahead: number;
      }>(
        app.db,
        sql`WITH month AS (
            SELECT t.user_id, sum(t.points)::int AS pts
            FROM point_transactions t JOIN users u ON u.id = t.user_id AND u.role = 'seller' AND u.active
            WHERE t.created_at >= ${start.toISOString()}::timestamptz AND t.created_at < ${end.toISOString()}::timestamptz
            GROUP BY t.user_id HAVING sum(t.points) > 0),
          branch_month AS (
            SELECT m.user_id, m.pts FROM month m JOIN users u ON u.id = m.user_id
            WHERE ${user.branch_id === null ? sql`false` : sql`u.branch_id = ${user.branch_id}`})
          SELECT
            (SELECT COALESCE(sum(points), 0)::int FROM point_transactions WHERE user_id = ${user.id}) AS total_points,
            (SELECT pts FROM month WHERE user_id = ${user.id}) AS month_points,
            (SELECT count(*)::int FROM month) AS ranked,
            (SELECT count(*)::int FROM month WHERE pts > (SELECT pts FROM month WHERE user_id = ${user.id})) AS ahead,
            (SELECT count(*)::int FROM branch_month) AS branch_ranked,
            (SELECT count(*)::int FROM branch_month
              WHERE pts > (SELECT pts FROM branch_month WHERE user_id = ${user.id})) AS branch_ahead`,
      );
      const recent = await sellerLedgerRows(app.db, user.id, RECENT);
      const monthPoints =
        summary?.month_points === null || summary?.month_points === undefined
          ? null
          : Number(summary.month_points);
      return {
        data: {
          total_points: Number(summary?.total_points ?? 0),
          month_points: monthPoints ?? 0,
          rank: monthPoints === null ? null : Number(summary?.ahead ?? 0) + 1,
          ranked_sellers: Number(summary?.ranked ?? 0),
          branch_rank:
            monthPoints === null || user.branch_id === null ? null : Number(summary?.branch_ahead ?? 0) + 1,
          branch_ranked_sellers: Number(summary?.branch_ranked ?? 0),
          recent_transactions: recent.map((t) => ({
            id: Number(t.id),
            points: t.points,
            description: t.description,
            action: t.action_key ? { key: t.action_key, name: t.action_name ?? t.action_key } : null,
            reference_type: t.reference_type,
            reference_id: t.reference_id,
            created_at: iso(t.created_at),
          })),
        },
      };
    },
  );
};
