import { IconBell, IconChecks, IconChevronRight, IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'wouter';
import { LoadState } from '../../components/load-state';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { TopBar } from '../../components/top-bar';
import { usePendingActions } from '../../lib/use-outbox';
import { useSurveys } from './api';

/** Encuestas: the available ones with their reward; answered ones shown as done, at the end. */
export default function SurveysPage() {
  const surveys = useSurveys();
  const pending = usePendingActions();
  const waiting = new Set(pending.filter((a) => a.kind === 'answer').map((a) => a.key));
  const list = [...(surveys.data?.data ?? [])].sort(
    (a, b) => Number(a.answered_by_me) - Number(b.answered_by_me),
  );

  return (
    <main className="screen">
      <TopBar title="Encuestas" />
      <PullToRefresh onRefresh={() => surveys.refetch()}>
        <LoadState
          isPending={surveys.isPending}
          error={surveys.isError && !surveys.data ? surveys.error : null}
          fallback="Error al cargar encuestas"
          onRetry={() => void surveys.refetch()}
        />
        {surveys.isSuccess && list.length === 0 && (
          <div className="empty">
            <p>No hay encuestas disponibles por ahora.</p>
          </div>
        )}
        <ul className="list">
          {list.map((survey) => {
            const queued = waiting.has(`answer:${survey.id}`);
            const done = survey.answered_by_me;
            return (
              <li key={survey.id}>
                <Link
                  href={`/encuestas/${survey.id}`}
                  className={`card survey-card${done ? ' survey-card--done' : ''}`}
                >
                  <div className="survey-card__body">
                    <h2>{survey.title}</h2>
                    {survey.description && <p className="muted">{survey.description}</p>}
                    <div className="row">
                      {done ? (
                        <span className="chip chip--success">
                          <IconChecks size={16} aria-hidden /> Respondida
                        </span>
                      ) : queued ? (
                        <span className="chip chip--pending">
                          <IconClockHour4 size={16} aria-hidden /> Pendiente de envío
                        </span>
                      ) : (
                        <span className="chip chip--reward">+{survey.points_reward} puntos</span>
                      )}
                      {/* The reminder's in-app notice (docs/decisions/2026-12-04-reminders.md). */}
                      {survey.reminder_due && !queued && (
                        <span className="chip chip--reminder">
                          <IconBell size={16} aria-hidden /> Todavía no la respondiste
                        </span>
                      )}
                      <span className="muted small">
                        {survey.questions.length} {survey.questions.length === 1 ? 'pregunta' : 'preguntas'}
                      </span>
                    </div>
                  </div>
                  <IconChevronRight size={22} aria-hidden className="survey-card__chevron" />
                </Link>
              </li>
            );
          })}
        </ul>
      </PullToRefresh>
    </main>
  );
}
