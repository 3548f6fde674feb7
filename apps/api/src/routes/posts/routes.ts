import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkDeletePostsRoute } from './bulk-delete-posts.ts';
import { createPostRoute } from './create-post.ts';
import { deletePostRoute } from './delete-post.ts';
import { getPostReachRoute } from './get-post-reach.ts';
import { listPostReactionsRoutes } from './list-post-reactions.ts';
import { listPostViewersRoute } from './list-post-viewers.ts';
import { listPostsRoute } from './list-posts.ts';
import { updatePostPublicationRoute } from './update-post-publication.ts';

/** Publicaciones: /api/posts, with their likes, comments and reach ("Vista por N de M"). */
export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listPostsRoute);
  await app.register(listPostReactionsRoutes);
  await app.register(getPostReachRoute);
  await app.register(listPostViewersRoute);
  await app.register(createPostRoute);
  await app.register(updatePostPublicationRoute);
  await app.register(bulkDeletePostsRoute);
  await app.register(deletePostRoute);
};
