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
import { loginRoute } from './routes/auth/login.ts';
import { logoutRoute } from './routes/auth/logout.ts';
import { meRoute } from './routes/auth/me.ts';
import { createBranchRoute } from './routes/branches/create-branch.ts';
import { deleteBranchRoute } from './routes/branches/delete-branch.ts';
import { getBranchRoute } from './routes/branches/get-branch.ts';
import { listBranchesRoute } from './routes/branches/list-branches.ts';
import { listCitiesRoute } from './routes/branches/list-cities.ts';
import { updateBranchRoute } from './routes/branches/update-branch.ts';
import { getActivityRoute } from './routes/dashboard/get-activity.ts';
import { getSummaryRoute } from './routes/dashboard/get-summary.ts';
import { getHealthRoute } from './routes/health/get-health.ts';
import { exportTransactionsRoute } from './routes/points/export-transactions.ts';
import { getLeaderboardRoute } from './routes/points/get-leaderboard.ts';
import { getPointsSummaryRoute } from './routes/points/get-points-summary.ts';
import { listTransactionsRoute } from './routes/points/list-transactions.ts';
import { createUserRoute } from './routes/users/create-user.ts';
import { getUserRoute } from './routes/users/get-user.ts';
import { listUsersRoute } from './routes/users/list-users.ts';
import { updateUserRoute } from './routes/users/update-user.ts';

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
