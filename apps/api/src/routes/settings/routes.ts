import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSignInSettingsRoute } from './get-sign-in.ts';
import { updateSignInSettingsRoute } from './update-sign-in.ts';

/** The company's settings made in the panel: /api/settings/sign-in (the second factor required). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(getSignInSettingsRoute);
  await app.register(updateSignInSettingsRoute);
};
