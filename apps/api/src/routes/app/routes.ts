import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VisitNotes } from '../../services/engagement/visits.ts';
import { answerSurveyRoute } from './answer-survey.ts';
import { appChangePasswordRoute } from './change-password.ts';
import { countUnreadNotificationsRoute } from './count-unread-notifications.ts';
import { createCommentRoute } from './create-comment.ts';
import { appCreatePostRoute } from './create-post.ts';
import { deleteCommentRoute } from './delete-comment.ts';
import { getAgendaRoute } from './get-agenda.ts';
import { getAppEventRoute } from './get-event.ts';
import { getEventIcsRoute } from './get-event-ics.ts';
import { getFeedRoute } from './get-feed.ts';
import { getBranchLeaderboardRoute } from './get-leaderboard.ts';
import { getAppNotificationRoute } from './get-notification.ts';
import { getAppPostRoute } from './get-post.ts';
import { getPushKeyRoute } from './get-push-key.ts';
import { getQuietHoursRoute } from './get-quiet-hours.ts';
import { likePostRoute } from './like-post.ts';
import { listCommentsRoute } from './list-comments.ts';
import { listAppEventsRoute } from './list-events.ts';
import { listMyTransactionsRoute } from './list-my-transactions.ts';
import { listAppNotificationsRoute } from './list-notifications.ts';
import { listAppStoriesRoute } from './list-stories.ts';
import { listAppSurveysRoute } from './list-surveys.ts';
import { myPointsRoute } from './my-points.ts';
import { readAllNotificationsRoute } from './read-all-notifications.ts';
import { readNotificationRoute } from './read-notification.ts';
import { recordViewsRoute } from './record-views.ts';
import { subscribePushRoute } from './subscribe-push.ts';
import { unlikePostRoute } from './unlike-post.ts';
import { unsubscribePushRoute } from './unsubscribe-push.ts';
import { updateCommentRoute } from './update-comment.ts';
import { updateQuietHoursRoute } from './update-quiet-hours.ts';
import { viewStoryRoute } from './view-story.ts';

/**
 * The community app's API, for sellers: every /api/app/* route, one endpoint per file. The order is the
 * OpenAPI document's.
 */
export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  // A seller's call notes the day's visit (Participación): a set lookup, a write once a day per seller.
  const visits = new VisitNotes(app.db, app.config.timeZone);
  // A callback hook: a seller already noted today costs a set lookup, no promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const user = request.auth?.user;
    const writing = user?.role === 'seller' ? visits.note(user.id, app.now()) : undefined;
    if (!writing) return done();
    writing.then(
      () => done(),
      (error: unknown) => {
        request.log.warn({ err: error }, 'Participación: no se pudo anotar la visita');
        done();
      },
    );
  });
  await app.register(getFeedRoute);
  await app.register(appCreatePostRoute);
  await app.register(getAppPostRoute);
  await app.register(listCommentsRoute);
  await app.register(createCommentRoute);
  await app.register(updateCommentRoute);
  await app.register(deleteCommentRoute);
  await app.register(likePostRoute);
  await app.register(unlikePostRoute);
  await app.register(listAppStoriesRoute);
  await app.register(viewStoryRoute);
  await app.register(recordViewsRoute);
  await app.register(listAppNotificationsRoute);
  await app.register(countUnreadNotificationsRoute);
  await app.register(getAppNotificationRoute);
  await app.register(readNotificationRoute);
  await app.register(readAllNotificationsRoute);
  await app.register(listAppEventsRoute);
  await app.register(getAgendaRoute);
  await app.register(getAppEventRoute);
  await app.register(getEventIcsRoute);
  await app.register(myPointsRoute);
  await app.register(listMyTransactionsRoute);
  await app.register(getBranchLeaderboardRoute);
  await app.register(listAppSurveysRoute);
  await app.register(answerSurveyRoute);
  await app.register(appChangePasswordRoute);
  await app.register(getPushKeyRoute);
  await app.register(subscribePushRoute);
  await app.register(unsubscribePushRoute);
  await app.register(getQuietHoursRoute);
  await app.register(updateQuietHoursRoute);
};
