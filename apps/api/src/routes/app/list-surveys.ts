import { makeListResponse, ZAppSurvey, ZAppSurveyListQuery } from '@panel/shared';
import { and, count, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { surveys } from '../../db/schema/surveys.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors } from '../schemas.ts';
import { loadQuestions } from '../surveys/survey-dto.ts';

/** Available now (docs/product.md#surveys-availability-and-answers) and meant for the branch (or for every branch). */
export function availableFor(branchId: number | null, now: Date): SQL {
  return and(
    eq(surveys.active, true),
    or(isNull(surveys.startDate), lte(surveys.startDate, now)),
    or(isNull(surveys.endDate), gte(surveys.endDate, now)),
    branchId === null
      ? isNull(surveys.branchId)
      : or(isNull(surveys.branchId), eq(surveys.branchId, branchId)),
  )!;
}

export const listAppSurveysRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/surveys',
    {
      config: { access: 'app' },
      schema: {
        tags: ['app'],
        summary: 'Encuestas disponibles para quien llama',
        description:
          'Las disponibles ahora y destinadas a su sucursal o a todas, con sus preguntas y `answered_by_me`. 15 por página.',
        querystring: ZAppSurveyListQuery,
        response: { 200: makeListResponse(ZAppSurvey), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const now = app.now();
      const where = availableFor(user.branch_id, now);
      const { rows, meta } = await fetchPage(
        request.query,
        ({ limit, offset }) =>
          app.db
            .select({
              id: surveys.id,
              title: surveys.title,
              description: surveys.description,
              branchId: surveys.branchId,
              pointsReward: surveys.pointsReward,
              startDate: surveys.startDate,
              endDate: surveys.endDate,
              answered: sql<boolean>`EXISTS (SELECT 1 FROM survey_responses r WHERE r.survey_id = "surveys"."id" AND r.user_id = ${user.id})`,
            })
            .from(surveys)
            .where(where)
            .orderBy(desc(surveys.createdAt), desc(surveys.id))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(surveys).where(where),
      );
      const questions = await loadQuestions(
        app.db,
        rows.map((r) => r.id),
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          title: r.title,
          description: r.description,
          branch_id: r.branchId,
          points_reward: r.pointsReward,
          start_date: r.startDate?.toISOString() ?? null,
          end_date: r.endDate?.toISOString() ?? null,
          is_available: true,
          answered_by_me: Boolean(r.answered),
          questions: questions.get(r.id) ?? [],
        })),
        meta,
      };
    },
  );
};
