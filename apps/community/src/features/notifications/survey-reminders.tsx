import type { TAppSurvey } from '@panel/shared';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { apiRequest } from '../../lib/api';
import { qk } from '../../lib/query-keys';
import { timeUntil } from '../../lib/time-ago';
import { useRemindersDue } from '../../lib/unread';

/**
 * "Encuestas por responder" on top of Avisos: the survey reminders' in-app notice
 * (docs/decisions/2026-12-04-reminders.md). Each survey whose reminder has come and that the seller
 * has not answered, until they answer it or it closes; nothing to mark read, answering is what clears it.
 */
export function SurveyReminders() {
  const due = useRemindersDue();
  const list = useQuery({
    queryKey: [...qk.surveys, 'reminders'],
    queryFn: () =>
      apiRequest<{ data: TAppSurvey[] }>('/app/surveys', { query: { reminder_due: 'true', per_page: 20 } }),
    enabled: due > 0,
  });
  const surveys = due > 0 ? (list.data?.data ?? []) : [];
  if (surveys.length === 0) return null;
  return (
    <section aria-labelledby="survey-reminders-title">
      <h2 id="survey-reminders-title" className="section-title">
        Encuestas por responder
      </h2>
      <ul className="list">
        {surveys.map((survey) => (
          <li key={survey.id}>
            <Link
              href={`/encuestas/${survey.id}`}
              className="card notification notification--unread notification--reminder"
            >
              <span className="notification__icon notification__icon--reminder" aria-hidden>
                <IconClipboardCheck size={22} />
              </span>
              <div className="notification__body">
                <div className="notification__head">
                  <span className="notification__type">Recordatorio</span>
                  <span>+{survey.points_reward} puntos</span>
                </div>
                <h3>Recordatorio: {survey.title}</h3>
                <p>
                  {survey.end_date ? `La encuesta cierra ${timeUntil(survey.end_date)}. ` : ''}Todavía no la
                  respondiste.
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
