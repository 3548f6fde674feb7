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
import { commentPostRoute } from './routes/app/comment-post.ts';
import { getFeedRoute } from './routes/app/get-feed.ts';
import { likePostRoutes } from './routes/app/like-post.ts';
import { myPointsRoute } from './routes/app/my-points.ts';
import { notificationsEventsRoutes } from './routes/app/notifications-events.ts';
import { storiesRoutes } from './routes/app/stories.ts';
import { answerSurveyRoute } from './routes/app-surveys/answer-survey.ts';
import { listAppSurveysRoute } from './routes/app-surveys/list-app-surveys.ts';
import { loginRoute } from './routes/auth/login.ts';
import { logoutRoute } from './routes/auth/logout.ts';
import { meRoute } from './routes/auth/me.ts';
import { createBranchRoute } from './routes/branches/create-branch.ts';
import { deleteBranchRoute } from './routes/branches/delete-branch.ts';
import { getBranchRoute } from './routes/branches/get-branch.ts';
import { listBranchesRoute } from './routes/branches/list-branches.ts';
import { listCitiesRoute } from './routes/branches/list-cities.ts';
import { updateBranchRoute } from './routes/branches/update-branch.ts';
import { getSummaryRoute } from './routes/dashboard/get-summary.ts';
import { getHealthRoute } from './routes/health/get-health.ts';
import { createPointActionRoute } from './routes/point-actions/create-point-action.ts';
import { deletePointActionRoute } from './routes/point-actions/delete-point-action.ts';
import { listPointActionsRoute } from './routes/point-actions/list-point-actions.ts';
import { togglePointActionRoute } from './routes/point-actions/toggle-point-action.ts';
import { updatePointActionRoute } from './routes/point-actions/update-point-action.ts';
import { createSurveyRoute } from './routes/surveys/create-survey.ts';
import { deleteSurveyRoute } from './routes/surveys/delete-survey.ts';
import { getSurveyRoute } from './routes/surveys/get-survey.ts';
import { getSurveyStatisticsRoute } from './routes/surveys/get-survey-statistics.ts';
import { listQuestionAnswersRoute } from './routes/surveys/list-question-answers.ts';
import { listSurveysRoute } from './routes/surveys/list-surveys.ts';
import { toggleSurveyRoute } from './routes/surveys/toggle-survey.ts';
import { updateSurveyRoute } from './routes/surveys/update-survey.ts';
import { createUserRoute } from './routes/users/create-user.ts';
import { getUserRoute } from './routes/users/get-user.ts';
import { listUsersRoute } from './routes/users/list-users.ts';
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
}

/** The API and the panel in one Fastify instance; tests drive it with `app.inject`. */
export async function buildApp({ config, db, logger = false, now, rateLimit = {} }: BuildAppOptions) {
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
  await app.register(listBranchesRoute);
  await app.register(listCitiesRoute);
  await app.register(getBranchRoute);
  await app.register(createBranchRoute);
  await app.register(updateBranchRoute);
  await app.register(deleteBranchRoute);
  await app.register(getSummaryRoute);
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

  await app.register(methodOverrideRoutes);
  await app.register(staticWebPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
