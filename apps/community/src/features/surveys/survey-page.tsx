import type { TSurveyQuestion } from '@panel/shared';
import { IconChecks } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'wouter';
import { Field } from '../../components/field';
import { Form } from '../../components/form';
import { LoadState } from '../../components/load-state';
import { BackBar } from '../../components/top-bar';
import { submitAction } from '../../lib/outbox';
import { qk } from '../../lib/query-keys';
import { usePendingActions } from '../../lib/use-outbox';
import { type AnswerValue, checkAnswers } from './answers';
import { fetchTotalPoints, useSurveys } from './api';

const SURVEY_GONE = 'Esta encuesta ya fue respondida o ya no está disponible.';

type Outcome =
  | { kind: 'sent'; points: number; total: number | null }
  | { kind: 'queued' }
  | { kind: 'refused'; message: string };

function QuestionField({
  question,
  number,
  value,
  error,
  onChange,
}: {
  question: TSurveyQuestion;
  number: number;
  value: AnswerValue;
  error?: string;
  onChange: (value: AnswerValue) => void;
}) {
  const id = `q-${question.id}`;
  const label = (
    <>
      {number}. {question.question_text}
      {question.required && (
        <span className="required" aria-hidden>
          {' '}
          *
        </span>
      )}
      {question.required && <span className="visually-hidden"> (obligatoria)</span>}
    </>
  );
  const errorNode = error && (
    <small id={`${id}-error`} className="field__error">
      {error}
    </small>
  );
  const described = error ? `${id}-error` : undefined;

  if (question.type === 'text') {
    return (
      <Field
        id={id}
        label={label}
        error={error}
        control={(props) => (
          <textarea
            {...props}
            value={typeof value === 'string' ? value : ''}
            maxLength={2000}
            onChange={(e) => onChange(e.currentTarget.value)}
            aria-required={question.required}
          />
        )}
      />
    );
  }

  const choices: { value: AnswerValue; label: string }[] =
    question.type === 'rating'
      ? [1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }))
      : question.type === 'boolean'
        ? [
            { value: true, label: 'Sí' },
            { value: false, label: 'No' },
          ]
        : (question.options ?? []).map((o) => ({ value: o, label: o }));

  return (
    <fieldset
      className={`field choices choices--${question.type}`}
      aria-invalid={Boolean(error)}
      aria-describedby={described}
    >
      <legend>{label}</legend>
      {question.type === 'rating' && <span className="field__hint">1 = muy poco, 5 = mucho</span>}
      <div className="choices__options">
        {choices.map((choice) => (
          <label
            key={String(choice.value)}
            className={`choice${value === choice.value ? ' choice--on' : ''}`}
          >
            <input
              type="radio"
              name={id}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {errorNode}
    </fieldset>
  );
}

/** One survey: the answer form (four question types, required ones marked), then what it earned. */
export default function SurveyPage() {
  const { id } = useParams<{ id: string }>();
  const surveyId = Number(id);
  const queryClient = useQueryClient();
  const surveys = useSurveys();
  const pending = usePendingActions();
  const [values, setValues] = useState<Record<number, AnswerValue>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const survey = surveys.data?.data.find((s) => s.id === surveyId);
  const queued = pending.some((a) => a.key === `answer:${surveyId}`);
  const questions = [...(survey?.questions ?? [])].sort((a, b) => a.order - b.order);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!survey) return;
    const checked = checkAnswers(questions, values);
    setErrors(checked.errors);
    // The first question left unanswered comes into view with the focus (components/form.tsx).
    if (Object.keys(checked.errors).length > 0) return;
    setBusy(true);
    const result = await submitAction({
      kind: 'answer',
      method: 'POST',
      path: `/app/surveys/${survey.id}/responses`,
      body: checked.body,
      key: `answer:${survey.id}`,
    });
    if (result.status === 'sent' && result.data === null) {
      // The server's 409: answered already (another device, or an earlier send) or closed meanwhile.
      setOutcome({ kind: 'refused', message: SURVEY_GONE });
      void queryClient.invalidateQueries({ queryKey: qk.surveys });
      // Avisos' reminders count what is still unanswered.
      void queryClient.invalidateQueries({ queryKey: qk.unread });
    } else if (result.status === 'sent') {
      const { data } = result.data as { data: { points_awarded: number; total_points?: number } };
      const total = data.total_points ?? (await fetchTotalPoints().catch(() => null));
      setOutcome({ kind: 'sent', points: data.points_awarded, total });
      void queryClient.invalidateQueries({ queryKey: qk.surveys });
      void queryClient.invalidateQueries({ queryKey: qk.unread });
    } else if (result.status === 'queued') {
      setOutcome({ kind: 'queued' });
    } else {
      setOutcome({ kind: 'refused', message: result.message });
    }
    setBusy(false);
  }

  return (
    <main className="screen">
      <BackBar title={survey?.title ?? 'Encuesta'} href="/encuestas" label="Volver a encuestas" />
      <LoadState
        isPending={surveys.isPending}
        error={surveys.isError && !surveys.data ? surveys.error : null}
        fallback="Error al cargar encuesta"
        onRetry={() => void surveys.refetch()}
      />
      {surveys.isSuccess && !survey && (
        <div className="empty" role="alert">
          <p>La encuesta no existe o ya no está disponible.</p>
          <Link href="/encuestas" className="button">
            Ver encuestas
          </Link>
        </div>
      )}
      {survey && outcome?.kind === 'sent' && (
        <section className="card result" role="status">
          <IconChecks size={40} aria-hidden className="result__icon" />
          <p className="result__points">+{outcome.points} puntos</p>
          {outcome.total !== null && (
            <p>
              Ahora tenés <strong>{outcome.total.toLocaleString('es-AR')} puntos</strong>.
            </p>
          )}
          <p className="muted">¡Gracias por responder!</p>
          <Link href="/encuestas" className="button button--primary">
            Ver encuestas
          </Link>
        </section>
      )}
      {survey &&
        outcome?.kind !== 'sent' &&
        (survey.answered_by_me || queued || outcome?.kind === 'queued') && (
          <section className="card result" role="status">
            {survey.answered_by_me ? (
              <>
                <IconChecks size={40} aria-hidden className="result__icon" />
                <p>Ya respondiste esta encuesta.</p>
              </>
            ) : (
              <p>
                <strong>Sin conexión:</strong> tu respuesta está guardada y se envía sola cuando vuelva la
                conexión.
              </p>
            )}
            <Link href="/encuestas" className="button">
              Ver encuestas
            </Link>
          </section>
        )}
      {survey && !survey.answered_by_me && !queued && (!outcome || outcome.kind === 'refused') && (
        <Form className="card survey-form" onSubmit={onSubmit}>
          {survey.description && <p>{survey.description}</p>}
          <p className="muted small">
            Las preguntas con <span className="required">*</span> son obligatorias. Al enviarla sumás{' '}
            <strong>{survey.points_reward} puntos</strong>.
          </p>
          {questions.map((question, i) => (
            <QuestionField
              key={question.id}
              question={question}
              number={i + 1}
              value={values[question.id] ?? null}
              error={errors[question.id]}
              onChange={(value) => setValues((v) => ({ ...v, [question.id]: value }))}
            />
          ))}
          {outcome?.kind === 'refused' && (
            <p className="alert alert--error" role="alert">
              {outcome.message}
            </p>
          )}
          {Object.keys(errors).length > 0 && (
            <p className="alert alert--error" role="alert">
              Revisá las preguntas marcadas.
            </p>
          )}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? 'Enviando…' : 'Enviar respuestas'}
          </button>
        </Form>
      )}
    </main>
  );
}
