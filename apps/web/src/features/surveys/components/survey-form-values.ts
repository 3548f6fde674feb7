import { SURVEY_DEFAULT_REWARD, type TSurveyDetail, type TSurveyInput } from '@panel/shared';
import type { FormQuestion } from './question-rules';
import { newQuestion } from './question-rules';

/**
 * The form holds the request body itself (ZSurveyInput), questions with their order, and "Programar"
 * (withSchedule: `publish_at` is sent only when ticked).
 */
export type SurveyFormValues = Omit<TSurveyInput, 'questions' | 'publish_at'> & {
  questions: FormQuestion[];
  schedule: boolean;
  publish_at: string | null;
};

/**
 * A new survey: active, as whoever writes one expects (docs/decisions/2026-12-02-new-surveys-start-active.md),
 * reward 10, every branch, one empty question.
 */
export function emptySurveyValues(): SurveyFormValues {
  return {
    title: '',
    description: '',
    active: true,
    branch_id: null,
    points_reward: SURVEY_DEFAULT_REWARD,
    start_date: null,
    end_date: null,
    reminder_minutes: null,
    schedule: false,
    publish_at: null,
    questions: [newQuestion(0)],
  };
}

export function surveyToValues(survey: TSurveyDetail): SurveyFormValues {
  return {
    title: survey.title,
    description: survey.description ?? '',
    active: survey.active,
    branch_id: survey.branch_id,
    points_reward: survey.points_reward,
    start_date: survey.start_date,
    end_date: survey.end_date,
    // One of SURVEY_REMINDER_OPTIONS: the server stores only those.
    reminder_minutes: survey.reminder_minutes as SurveyFormValues['reminder_minutes'],
    // Scheduled: "Programar" ticked with its time; unticked on saving, it is published then.
    schedule: Boolean(survey.publish_at),
    publish_at: survey.publish_at,
    questions: survey.questions.map((q) => ({
      id: q.id,
      question_text: q.question_text,
      type: q.type,
      required: q.required,
      order: q.order,
      options: q.options,
    })),
  };
}
