import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkDeleteStoriesRoute } from './bulk-delete-stories.ts';
import { createStoryRoute } from './create-story.ts';
import { deleteStoryRoute } from './delete-story.ts';
import { listStoriesRoute } from './list-stories.ts';
import { listStoryViewersRoute } from './list-story-viewers.ts';
import { updateStoryPublicationRoute } from './update-story-publication.ts';

/** Historias: /api/stories, with their viewers. */
export const storiesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listStoriesRoute);
  await app.register(listStoryViewersRoute);
  await app.register(createStoryRoute);
  await app.register(updateStoryPublicationRoute);
  await app.register(bulkDeleteStoriesRoute);
  await app.register(deleteStoryRoute);
};
