import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerSurveyRoute } from './answer-survey.ts';
import { commentPostRoute } from './comment-post.ts';
import { getFeedRoute } from './get-feed.ts';
import { likePostRoutes } from './like-post.ts';
import { listAppSurveysRoute } from './list-surveys.ts';
import { myPointsRoute } from './my-points.ts';
import { notificationsEventsRoutes } from './notifications-events.ts';
import { appStoriesRoutes } from './stories.ts';

/** The community app's API, for sellers: every /api/app/* route. */
export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(getFeedRoute);
  await app.register(likePostRoutes);
  await app.register(commentPostRoute);
  await app.register(appStoriesRoutes);
  await app.register(notificationsEventsRoutes);
  await app.register(myPointsRoute);
  await app.register(listAppSurveysRoute);
  await app.register(answerSurveyRoute);
};
