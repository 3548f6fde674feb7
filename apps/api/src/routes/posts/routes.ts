import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkDeletePostsRoute } from './bulk-delete-posts.ts';
import { createPostRoute } from './create-post.ts';
import { deletePostRoute } from './delete-post.ts';
import { listPostReactionsRoutes } from './list-post-reactions.ts';
import { listPostsRoute } from './list-posts.ts';

/** Publicaciones: /api/posts, with their likes and comments. */
export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listPostsRoute);
  await app.register(listPostReactionsRoutes);
  await app.register(createPostRoute);
  await app.register(bulkDeletePostsRoute);
  await app.register(deletePostRoute);
};
