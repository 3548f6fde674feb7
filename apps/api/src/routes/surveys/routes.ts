import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSurveyRoute } from './create-survey.ts';
import { deleteSurveyRoute } from './delete-survey.ts';
import { getSurveyRoute } from './get-survey.ts';
import { getSurveyStatisticsRoute } from './get-survey-statistics.ts';
import { listQuestionAnswersRoute } from './list-question-answers.ts';
import { listSurveysRoute } from './list-surveys.ts';
import { toggleSurveyRoute } from './toggle-survey.ts';
import { updateSurveyRoute } from './update-survey.ts';

/** Encuestas: /api/admin/surveys, with statistics and answers per question. */
export const surveysRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listSurveysRoute);
  await app.register(getSurveyRoute);
  await app.register(createSurveyRoute);
  await app.register(updateSurveyRoute);
  await app.register(deleteSurveyRoute);
  await app.register(toggleSurveyRoute);
  await app.register(getSurveyStatisticsRoute);
  await app.register(listQuestionAnswersRoute);
};
