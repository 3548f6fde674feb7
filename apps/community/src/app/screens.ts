import { lazy } from 'react';

// Every screen in its own chunk: the feed's first load carries only the shell and the feed.
export const FeedPage = lazy(() => import('../features/feed/feed-page'));
export const ProfilePage = lazy(() => import('../features/profile/profile-page'));
export const SurveysPage = lazy(() => import('../features/surveys/surveys-page'));
export const SurveyPage = lazy(() => import('../features/surveys/survey-page'));
export const ComposePage = lazy(() => import('../features/compose/compose-page'));
