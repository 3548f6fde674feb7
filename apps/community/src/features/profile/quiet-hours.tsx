// zod's Spanish messages, set before this form's schema parses (only the screens with a form load zod).
import '../../lib/zod-config';
import { type TAppQuietHours, ZQuietHours } from '@panel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { Field } from '../../components/field';
import { Form } from '../../components/form';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { readTime } from './read-time';

const KEY = ['me', 'quiet-hours'] as const;
type FieldName = 'start' | 'end';

/** "America/Argentina/Buenos_Aires" → "Buenos Aires". */
const zoneName = (zone: string) => zone.split('/').pop()!.replace(/_/g, ' ');

/**
 * No molestar (issue 23.6): a daily window, in the business's time, when this seller's phones do not
 * ring. Notifications still arrive in Avisos at once; their pushes wait until the window ends, and an
 * urgent one rings anyway. Its own chunk: Perfil loads it when shown.
 */
export default function QuietHours() {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<{ data: TAppQuietHours }>('/app/me/quiet-hours'),
  });
  const saved = current.data?.data;
  const [enabled, setEnabled] = useState(false);
  const [values, setValues] = useState<Record<FieldName, string>>({ start: '22:00', end: '08:00' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!saved) return;
    setEnabled(saved.quiet_hours !== null);
    if (saved.quiet_hours) setValues(saved.quiet_hours);
  }, [saved]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    let body: { quiet_hours: { start: string; end: string } | null } = { quiet_hours: null };
    if (enabled) {
      const typed = { start: readTime(values.start), end: readTime(values.end) };
      setValues(typed);
      const parsed = ZQuietHours.safeParse(typed);
      if (!parsed.success) {
        const next: Partial<Record<FieldName, string>> = {};
        for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
        setErrors(next);
        return;
      }
      body = { quiet_hours: parsed.data };
    }
    setBusy(true);
    try {
      const answer = await apiRequest<{ data: TAppQuietHours }>('/app/me/quiet-hours', {
        method: 'PUT',
        body,
      });
      queryClient.setQueryData(KEY, answer);
      showToast(
        answer.data.quiet_hours ? 'Horario de No molestar guardado' : 'No molestar desactivado',
        'success',
      );
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : undefined;
      const byField = { start: fields?.['quiet_hours.start']?.[0], end: fields?.['quiet_hours.end']?.[0] };
      setErrors(byField);
      if (!byField.start && !byField.end) setFailure(errorMessage(error, 'No se pudo guardar el horario'));
    }
    setBusy(false);
  }

  const field = (name: FieldName, label: string) => (
    <Field
      id={`quiet-${name}`}
      label={label}
      error={errors[name]}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={name === 'start' ? '22:00' : '08:00'}
      maxLength={5}
      required
      value={values[name]}
      disabled={!enabled}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
    />
  );

  return (
    <Form className="card quiet" onSubmit={onSubmit} aria-labelledby="quiet-title">
      <h2 id="quiet-title" className="card__title">
        No molestar
      </h2>
      <p className="muted small">
        Entre estas horas {saved ? `(hora de ${zoneName(saved.time_zone)}) ` : ''}el teléfono no suena: los
        avisos llegan igual a Avisos y su notificación te llega al terminar. Los urgentes suenan siempre.
      </p>
      {current.isError && !saved ? (
        <p className="alert alert--error" role="alert">
          {errorMessage(current.error, 'No se pudo cargar tu horario de No molestar')}
        </p>
      ) : (
        <>
          <label className="quiet__switch">
            <input
              type="checkbox"
              checked={enabled}
              disabled={!saved}
              onChange={(e) => setEnabled(e.target.checked)}
            />
            Activar No molestar
          </label>
          <div className="quiet__times">
            {field('start', 'Desde (HH:MM)')}
            {field('end', 'Hasta (HH:MM)')}
          </div>
          <ErrorAlert>{failure}</ErrorAlert>
          <button type="submit" className="button button--primary button--block" disabled={busy || !saved}>
            {busy ? 'Guardando…' : 'Guardar horario'}
          </button>
        </>
      )}
    </Form>
  );
}
