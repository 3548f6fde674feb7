import { ZAppLeaderboard, ZAppLeaderboardQuery } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { monthRange } from '../../lib/business-time.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { competitionRanks } from '../../services/points/leaderboard.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const getBranchLeaderboardRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/leaderboard',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Ranking de mi sucursal este mes',
        description:
          'Los vendedores activos de la sucursal de quien llama con puntos en el mes calendario (zona horaria del negocio), ' +
          'el mejor primero, con ranking de competencia estándar. `is_me` marca la fila propia; si no está entre las ' +
          '`limit` primeras, viene aparte en `me`. Sin sucursal: los vendedores sin sucursal.',
        querystring: ZAppLeaderboardQuery,
        response: { 200: ZAppLeaderboard, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { from, to } = monthRange(app.now(), app.config.timeZone);
      const sameBranch =
        user.branch_id === null ? sql`u.branch_id IS NULL` : sql`u.branch_id = ${user.branch_id}`;
      const rows = await queryRows<{
        user_id: number;
        name: string;
        avatar_url: string | null;
        period_points: number | string;
      }>(
        app.db,
        sql`WITH totals AS (
            SELECT t.user_id, sum(t.points) AS period_points FROM point_transactions t
            WHERE t.created_at >= ${from.toISOString()}::timestamptz AND t.created_at < ${to.toISOString()}::timestamptz
            GROUP BY t.user_id HAVING sum(t.points) > 0)
          SELECT u.id AS user_id, u.name, u.avatar_url, totals.period_points
          FROM totals JOIN users u ON u.id = totals.user_id AND u.role = 'seller' AND u.active AND ${sameBranch}
          ORDER BY totals.period_points DESC, u.name_key, u.id`,
      );
      const ranked = competitionRanks(
        rows.map((r) => ({ ...r, period_points: Number(r.period_points) })),
      ).map((r) => ({
        rank: r.rank,
        user_id: r.user_id,
        name: r.name,
        avatar_url: r.avatar_url,
        points: r.period_points,
        is_me: r.user_id === user.id,
      }));
      const top = ranked.slice(0, request.query.limit);
      const mine = ranked.find((r) => r.is_me) ?? null;
      const [branch] =
        user.branch_id === null
          ? []
          : await queryRows<{ name: string }>(
              app.db,
              sql`SELECT name FROM branches WHERE id = ${user.branch_id}`,
            );
      return {
        data: {
          period: 'monthly' as const,
          period_start: from.toISOString(),
          period_end: to.toISOString(),
          branch_id: user.branch_id,
          branch_name: branch?.name ?? null,
          rows: top,
          me: mine && !top.some((r) => r.is_me) ? mine : null,
        },
      };
    },
  );
};
