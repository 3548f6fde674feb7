import { lazy } from 'react';

// Every screen in its own chunk: the feed's first load carries only the shell and the feed.
export const FeedPage = lazy(() => import('../features/feed/feed-page'));
export const SearchPage = lazy(() => import('../features/feed/search-page'));
export const PostPage = lazy(() => import('../features/post/post-page'));
export const ComposePage = lazy(() => import('../features/compose/compose-page'));
export const NotificationsPage = lazy(() => import('../features/notifications/notifications-page'));
export const NotificationPage = lazy(() => import('../features/notifications/notification-page'));
export const AgendaPage = lazy(() => import('../features/agenda/agenda-page'));
export const SurveysPage = lazy(() => import('../features/surveys/surveys-page'));
export const SurveyPage = lazy(() => import('../features/surveys/survey-page'));
export const PointsPage = lazy(() => import('../features/points/points-page'));
export const ProfilePage = lazy(() => import('../features/profile/profile-page'));
