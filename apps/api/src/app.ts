import '@panel/shared';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { authPlugin } from './plugins/auth.ts';
import { bodyParsersPlugin } from './plugins/body-parsers.ts';
import { dbPlugin } from './plugins/db.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { collectPutRoutes, methodOverrideRoutes } from './plugins/method-override.ts';
import { type RateLimitPluginOptions, rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { type StoragePluginOptions, storagePlugin } from './plugins/storage.ts';
import { answerSurveyRoute } from './routes/app/answer-survey.ts';
import { commentPostRoute } from './routes/app/comment-post.ts';
import { getFeedRoute } from './routes/app/get-feed.ts';
import { likePostRoutes } from './routes/app/like-post.ts';
import { listAppSurveysRoute } from './routes/app/list-surveys.ts';
import { myPointsRoute } from './routes/app/my-points.ts';
import { notificationsEventsRoutes } from './routes/app/notifications-events.ts';
import { storiesRoutes } from './routes/app/stories.ts';
import { loginRoute } from './routes/auth/login.ts';
import { logoutRoute } from './routes/auth/logout.ts';
import { meRoute } from './routes/auth/me.ts';
import { createBranchRoute } from './routes/branches/create-branch.ts';
import { deleteBranchRoute } from './routes/branches/delete-branch.ts';
import { getBranchRoute } from './routes/branches/get-branch.ts';
import { listBranchesRoute } from './routes/branches/list-branches.ts';
import { listCitiesRoute } from './routes/branches/list-cities.ts';
import { updateBranchRoute } from './routes/branches/update-branch.ts';
import { brandResource, supplierResource } from './routes/catalog/catalog-resource.ts';
import { catalogRoutes } from './routes/catalog/catalog-routes.ts';
import { getActivityRoute } from './routes/dashboard/get-activity.ts';
import { getSummaryRoute } from './routes/dashboard/get-summary.ts';
import { createEventTypeRoute } from './routes/event-types/create-event-type.ts';
import { deleteEventTypeRoute } from './routes/event-types/delete-event-type.ts';
import { listEventTypesRoute } from './routes/event-types/list-event-types.ts';
import { updateEventTypeRoute } from './routes/event-types/update-event-type.ts';
import { createEventRoute } from './routes/events/create-event.ts';
import { deleteEventRoute } from './routes/events/delete-event.ts';
import { listEventsRoute } from './routes/events/list-events.ts';
import { updateEventRoute } from './routes/events/update-event.ts';
import { getFileRoute } from './routes/files/get-file.ts';
import { getHealthRoute } from './routes/health/get-health.ts';
import { createNotificationTypeRoute } from './routes/notification-types/create-notification-type.ts';
import { deleteNotificationTypeRoute } from './routes/notification-types/delete-notification-type.ts';
import { listNotificationTypesRoute } from './routes/notification-types/list-notification-types.ts';
import { updateNotificationTypeRoute } from './routes/notification-types/update-notification-type.ts';
import { createNotificationRoute } from './routes/notifications/create-notification.ts';
import { deleteNotificationRoute } from './routes/notifications/delete-notification.ts';
import { listNotificationsRoute } from './routes/notifications/list-notifications.ts';
import { updateNotificationRoute } from './routes/notifications/update-notification.ts';
import { createPointActionRoute } from './routes/point-actions/create-point-action.ts';
import { deletePointActionRoute } from './routes/point-actions/delete-point-action.ts';
import { listPointActionsRoute } from './routes/point-actions/list-point-actions.ts';
import { togglePointActionRoute } from './routes/point-actions/toggle-point-action.ts';
import { updatePointActionRoute } from './routes/point-actions/update-point-action.ts';
import { exportTransactionsRoute } from './routes/points/export-transactions.ts';
import { getLeaderboardRoute } from './routes/points/get-leaderboard.ts';
import { getPointsSummaryRoute } from './routes/points/get-points-summary.ts';
import { listTransactionsRoute } from './routes/points/list-transactions.ts';
import { createPostRoute } from './routes/posts/create-post.ts';
import { deletePostRoute } from './routes/posts/delete-post.ts';
import { listPostReactionsRoutes } from './routes/posts/list-post-reactions.ts';
import { listPostsRoute } from './routes/posts/list-posts.ts';
import { createStoryRoute } from './routes/stories/create-story.ts';
import { deleteStoryRoute } from './routes/stories/delete-story.ts';
import { listStoriesRoute } from './routes/stories/list-stories.ts';
import { listStoryViewersRoute } from './routes/stories/list-story-viewers.ts';
import { createSurveyRoute } from './routes/surveys/create-survey.ts';
import { deleteSurveyRoute } from './routes/surveys/delete-survey.ts';
import { getSurveyRoute } from './routes/surveys/get-survey.ts';
import { getSurveyStatisticsRoute } from './routes/surveys/get-survey-statistics.ts';
import { listQuestionAnswersRoute } from './routes/surveys/list-question-answers.ts';
import { listSurveysRoute } from './routes/surveys/list-surveys.ts';
import { toggleSurveyRoute } from './routes/surveys/toggle-survey.ts';
import { updateSurveyRoute } from './routes/surveys/update-survey.ts';
import { bulkUpsertUnitsRoute } from './routes/targets/bulk-upsert-units.ts';
import { deleteVolumeRoute } from './routes/targets/delete-volume.ts';
import { listUnitsRoute } from './routes/targets/list-units.ts';
import { listVolumesRoute } from './routes/targets/list-volumes.ts';
import { upsertVolumeRoute } from './routes/targets/upsert-volume.ts';
import { bulkActiveRoute } from './routes/users/bulk-active.ts';
import { createUserRoute } from './routes/users/create-user.ts';
import { exportUsersRoute } from './routes/users/export-users.ts';
import { getUserRoute } from './routes/users/get-user.ts';
import { getUserActivityRoute } from './routes/users/get-user-activity.ts';
import { importUsersRoute } from './routes/users/import-users.ts';
import { listUsersRoute } from './routes/users/list-users.ts';
import { resetPasswordRoute } from './routes/users/reset-password.ts';
import { updateUserRoute } from './routes/users/update-user.ts';
import { setPointsTimeZone } from './services/points/award.ts';

export interface BuildAppOptions {
  config: AppConfig;
  /** Opened (and later closed) by the caller. */
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the clock (tests). */
  now?: () => Date;
  rateLimit?: RateLimitPluginOptions;
  /** Replaces the configured file storage (tests). */
  storage?: StoragePluginOptions['storage'];
}

/** The API and the panel in one Fastify instance; tests drive it with `app.inject`. */
export async function buildApp({
  config,
  db,
  logger = false,
  now,
  rateLimit = {},
  storage,
}: BuildAppOptions) {
  const app = Fastify({
    logger,
    // A hop count is valid at runtime (proxy-addr) although Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Order matters: hooks that inspect routes (access, PUT collection, OpenAPI) come first.
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { config, database: db, now });
  setPointsTimeZone(config.timeZone);
  await app.register(authPlugin);
  await app.register(storagePlugin, { storage });
  await app.register(collectPutRoutes);
  await app.register(securityPlugin);
  await app.register(bodyParsersPlugin);
  await app.register(rateLimitPlugin, rateLimit);
  await app.register(docsPlugin);

  await app.register(getHealthRoute);
  await app.register(loginRoute);
  await app.register(logoutRoute);
  await app.register(meRoute);
  await app.register(listUsersRoute);
  await app.register(getUserRoute);
  await app.register(createUserRoute);
  await app.register(updateUserRoute);
  await app.register(resetPasswordRoute);
  await app.register(bulkActiveRoute);
  await app.register(exportUsersRoute);
  await app.register(importUsersRoute);
  await app.register(listBranchesRoute);
  await app.register(listCitiesRoute);
  await app.register(getBranchRoute);
  await app.register(createBranchRoute);
  await app.register(updateBranchRoute);
  await app.register(deleteBranchRoute);
  await app.register(getSummaryRoute);
  // Issue 5: seller activity, volumes and units, suppliers and brands.
  await app.register(getUserActivityRoute);
  await app.register(listVolumesRoute);
  await app.register(upsertVolumeRoute);
  await app.register(deleteVolumeRoute);
  await app.register(listUnitsRoute);
  await app.register(bulkUpsertUnitsRoute);
  await app.register(catalogRoutes(supplierResource));
  await app.register(catalogRoutes(brandResource));
  await app.register(getFileRoute);
  await app.register(listPostsRoute);
  await app.register(listPostReactionsRoutes);
  await app.register(createPostRoute);
  await app.register(deletePostRoute);
  await app.register(listStoriesRoute);
  await app.register(listStoryViewersRoute);
  await app.register(createStoryRoute);
  await app.register(deleteStoryRoute);
  // Notifications, events and their types (issue 6: content-schedule).
  for (const route of [
    listNotificationTypesRoute,
    createNotificationTypeRoute,
    updateNotificationTypeRoute,
    deleteNotificationTypeRoute,
    listNotificationsRoute,
    createNotificationRoute,
    updateNotificationRoute,
    deleteNotificationRoute,
    listEventTypesRoute,
    createEventTypeRoute,
    updateEventTypeRoute,
    deleteEventTypeRoute,
    listEventsRoute,
    createEventRoute,
    updateEventRoute,
    deleteEventRoute,
  ]) {
    await app.register(route);
  }
  // Gamification: Configuración (/point-actions) and the community-app API (/api/app/*).
  await app.register(listPointActionsRoute);
  await app.register(createPointActionRoute);
  await app.register(updatePointActionRoute);
  await app.register(togglePointActionRoute);
  await app.register(deletePointActionRoute);
  await app.register(getFeedRoute);
  await app.register(likePostRoutes);
  await app.register(commentPostRoute);
  await app.register(storiesRoutes);
  await app.register(notificationsEventsRoutes);
  await app.register(myPointsRoute);
  await app.register(listSurveysRoute);
  await app.register(getSurveyRoute);
  await app.register(createSurveyRoute);
  await app.register(updateSurveyRoute);
  await app.register(deleteSurveyRoute);
  await app.register(toggleSurveyRoute);
  await app.register(getSurveyStatisticsRoute);
  await app.register(listQuestionAnswersRoute);
  await app.register(listAppSurveysRoute);
  await app.register(answerSurveyRoute);
  await app.register(getActivityRoute);
  await app.register(getLeaderboardRoute);
  await app.register(listTransactionsRoute);
  await app.register(exportTransactionsRoute);
  await app.register(getPointsSummaryRoute);

  await app.register(methodOverrideRoutes);
  await app.register(staticWebPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
