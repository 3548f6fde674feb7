import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerSurveyRoute } from './answer-survey.ts';
import { appChangePasswordRoute } from './change-password.ts';
import { appCommentEditRoutes } from './comment-edits.ts';
import { appPostRoutes } from './comments.ts';
import { appCreatePostRoute } from './create-post.ts';
import { appEventsRoutes } from './events.ts';
import { getFeedRoute } from './get-feed.ts';
import { likePostRoutes } from './like-post.ts';
import { listAppSurveysRoute } from './list-surveys.ts';
import { myPointsRoute } from './my-points.ts';
import { appNotificationsRoutes } from './notifications.ts';
import { appPointsHistoryRoutes } from './points-history.ts';
import { appPushRoutes } from './push.ts';
import { appQuietHoursRoutes } from './quiet-hours.ts';
import { appStoriesRoutes } from './stories.ts';

/** The community app's API, for sellers: every /api/app/* route. */
export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(getFeedRoute);
  await app.register(appCreatePostRoute);
  await app.register(appPostRoutes);
  await app.register(appCommentEditRoutes);
  await app.register(likePostRoutes);
  await app.register(appStoriesRoutes);
  await app.register(appNotificationsRoutes);
  await app.register(appEventsRoutes);
  await app.register(myPointsRoute);
  await app.register(appPointsHistoryRoutes);
  await app.register(listAppSurveysRoute);
  await app.register(answerSurveyRoute);
  await app.register(appChangePasswordRoute);
  await app.register(appPushRoutes);
  await app.register(appQuietHoursRoutes);
};
