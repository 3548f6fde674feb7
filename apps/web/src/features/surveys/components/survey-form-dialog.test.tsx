import { SCHEDULE_MSG, SURVEY_MSG, type TSurveyDetail } from '@panel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithApp, signIn } from '../../../testing/render';
import { SurveyFormDialog } from './survey-form-dialog';

const branches = { data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } };

const saved: TSurveyDetail = {
  id: 9,
  version: 1,
  title: 'Capacitación',
  description: null,
  active: false,
  branch_id: null,
  branch: null,
  points_reward: 10,
  start_date: null,
  end_date: null,
  reminder_minutes: null,
  publish_at: null,
  is_available: false,
  response_count: 0,
  questions_count: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  questions: [{ id: 31, question_text: 'Primera', type: 'text', required: false, order: 0, options: null }],
};

function renderDialog(surveyId: number | null = null) {
  signIn();
  const onClose = vi.fn();
  const onRetry = vi.fn();
  const view = renderWithApp(
    <SurveyFormDialog opened surveyId={surveyId} onClose={onClose} onRetry={onRetry} />,
  );
  return { ...view, onClose, onRetry };
}

const questionCards = () => screen.getAllByTestId('survey-question');

async function chooseType(user: ReturnType<typeof renderDialog>['user'], card: HTMLElement, label: string) {
  await user.click(within(card).getByRole('combobox', { name: 'Tipo' }));
  // Earlier dropdowns stay mounted (hidden): the open one is the last.
  const options = await screen.findAllByRole('option', { name: label, hidden: true });
  await user.click(options.at(-1)!);
}

describe('SurveyFormDialog and its question editor', () => {
  it('starts active with reward 10 and one question; multiple choice starts one empty option, other types clear them', async () => {
    mockApi({ 'GET /api/branches': () => ({ body: branches }) });
    const { user } = renderDialog();
    expect(screen.getByRole('checkbox', { name: 'Activa' })).toBeChecked();
    expect(screen.getByLabelText('Puntos de recompensa')).toHaveValue('10');
    expect(questionCards()).toHaveLength(1);

    await chooseType(user, questionCards()[0]!, 'Opción múltiple');
    expect(within(questionCards()[0]!).getAllByPlaceholderText(/^Opción \d$/)).toHaveLength(1);
    expect(within(questionCards()[0]!).getByPlaceholderText('Opción 1')).toHaveValue('');
    await user.type(within(questionCards()[0]!).getByPlaceholderText('Opción 1'), 'Presencial');
    await chooseType(user, questionCards()[0]!, 'Sí/No');
    expect(within(questionCards()[0]!).queryByText('Opciones')).toBeNull();
    await chooseType(user, questionCards()[0]!, 'Opción múltiple');
    expect(within(questionCards()[0]!).getByPlaceholderText('Opción 1')).toHaveValue('');
  });

  it('shows every rule message and sends nothing', async () => {
    const { requests } = mockApi({ 'GET /api/branches': () => ({ body: branches }) });
    const { user } = renderDialog();
    await chooseType(user, questionCards()[0]!, 'Opción múltiple');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SURVEY_MSG.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(SURVEY_MSG.questionTextRequired)).toBeInTheDocument();
    expect(screen.getByText(SURVEY_MSG.optionRequired)).toBeInTheDocument();
    expect(screen.getByText(SURVEY_MSG.optionsMin)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar pregunta 1' }));
    expect(await screen.findByText(SURVEY_MSG.questionsRequired)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('adds, reorders and removes questions, renumbering the order from 0, and creates the survey', async () => {
    const { requests } = mockApi({
      'GET /api/branches': () => ({ body: branches }),
      'POST /api/admin/surveys': () => ({ status: 201, body: { data: saved } }),
    });
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText(/Título/), 'Capacitación');
    await user.type(within(questionCards()[0]!).getByLabelText(/Texto de la pregunta/), 'A');
    await user.click(screen.getByRole('button', { name: 'Agregar pregunta' }));
    await user.type(within(questionCards()[1]!).getByLabelText(/Texto de la pregunta/), 'B');
    await chooseType(user, questionCards()[1]!, 'Calificación (1 a 5)');
    await user.click(screen.getByRole('button', { name: 'Agregar pregunta' }));
    await user.type(within(questionCards()[2]!).getByLabelText(/Texto de la pregunta/), 'C');
    await user.click(screen.getByRole('button', { name: 'Subir pregunta 2' }));
    await user.click(screen.getByRole('button', { name: 'Quitar pregunta 2' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(SURVEY_MSG.created)).toBeInTheDocument();
    const body = requests.find((r) => r.method === 'POST')?.body as { questions: unknown[]; active: boolean };
    expect(body.active).toBe(true);
    expect(body.questions).toEqual([
      { question_text: 'B', type: 'rating', required: false, order: 0, options: null },
      { question_text: 'C', type: 'text', required: false, order: 1, options: null },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('reads a start and an end typed without a time as the whole days, in the business time zone', async () => {
    const { requests } = mockApi({
      'GET /api/branches': () => ({ body: branches }),
      'POST /api/admin/surveys': () => ({ status: 201, body: { data: saved } }),
    });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText(/Título/), 'Capacitación');
    await user.type(within(questionCards()[0]!).getByLabelText(/Texto de la pregunta/), 'A');
    const start = screen.getByRole('textbox', { name: 'Fecha de inicio' });
    const end = screen.getByRole('textbox', { name: 'Fecha de fin' });
    await user.type(start, '28/11/2030');
    await user.type(end, '30/11/2030');
    await user.tab();
    // Not "Falta la hora": the days read, and the field says which instant it keeps.
    expect(screen.queryByText(/Falta la hora/)).toBeNull();
    expect(start).toHaveValue('28/11/2030 00:00');
    expect(end).toHaveValue('30/11/2030 23:59');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SURVEY_MSG.created)).toBeInTheDocument();
    const body = requests.find((r) => r.method === 'POST')?.body as { start_date: string; end_date: string };
    // Buenos Aires is UTC-3: 28/11 00:00 there, and the last instant of 30/11 there.
    expect(body.start_date).toBe('2030-11-28T03:00:00.000Z');
    expect(body.end_date).toBe('2030-12-01T02:59:59.999Z');
  });

  it('"Recordar a quienes no respondieron" is off; on, it asks for a close date and sends the chosen time', async () => {
    const { requests } = mockApi({
      'GET /api/branches': () => ({ body: branches }),
      'POST /api/admin/surveys': () => ({ status: 201, body: { data: saved } }),
    });
    const { user } = renderDialog();
    const remind = screen.getByRole('checkbox', { name: 'Recordar a quienes no respondieron' });
    expect(remind).not.toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Cuándo recordar' })).toBeNull();
    await user.type(screen.getByLabelText(/Título/), 'Capacitación');
    await user.type(within(questionCards()[0]!).getByLabelText(/Texto de la pregunta/), 'A');
    await user.click(remind);
    expect(screen.getByRole('combobox', { name: 'Cuándo recordar' })).toHaveValue('1 día antes del cierre');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SURVEY_MSG.reminderNeedsEnd)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Fecha de fin' }), '30/11/2030');
    await user.tab();
    await user.click(screen.getByRole('combobox', { name: 'Cuándo recordar' }));
    const options = await screen.findAllByRole('option', { name: '3 horas antes del cierre', hidden: true });
    await user.click(options.at(-1)!);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SURVEY_MSG.created)).toBeInTheDocument();
    const body = requests.find((r) => r.method === 'POST')?.body as { reminder_minutes: number | null };
    expect(body.reminder_minutes).toBe(180);
  });

  it('"Programar" asks for the time and sends publish_at (and not the checkbox)', async () => {
    const { requests } = mockApi({
      'GET /api/branches': () => ({ body: branches }),
      'POST /api/admin/surveys': () => ({ status: 201, body: { data: saved } }),
    });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText(/Título/), 'Capacitación');
    await user.type(within(questionCards()[0]!).getByLabelText(/Texto de la pregunta/), 'A');
    await user.click(screen.getByRole('checkbox', { name: 'Programar' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SCHEDULE_MSG.publishAtRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Fecha de publicación/ }), '08/12/2036 08:00');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SURVEY_MSG.created)).toBeInTheDocument();
    const body = requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(body.publish_at).toBe('2036-12-08T11:00:00.000Z');
    expect(body).not.toHaveProperty('schedule');
  });

  it('a scheduled survey opens with its time, and unticking "Programar" sends none (published on saving)', async () => {
    const { requests } = mockApi({
      'GET /api/branches': () => ({ body: branches }),
      'GET /api/admin/surveys/9': () => ({
        body: { data: { ...saved, publish_at: '2036-12-08T11:00:00.000Z' } },
      }),
      'PUT /api/admin/surveys/9': () => ({ body: { data: saved } }),
    });
    const { user } = renderDialog(9);
    const when = await screen.findByRole('textbox', { name: /Fecha de publicación/ });
    expect(when).toHaveValue('08/12/2036 08:00');
    await user.click(screen.getByRole('checkbox', { name: 'Programar' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).not.toHaveProperty('publish_at');
  });

  it('shows a saved reminder on edit, and sends null when it is turned off', async () => {
    const { requests } = mockApi({
      'GET /api/branches': () => ({ body: branches }),
      'GET /api/admin/surveys/9': () => ({
        body: { data: { ...saved, end_date: '2030-12-01T02:59:59.999Z', reminder_minutes: 2880 } },
      }),
      'PUT /api/admin/surveys/9': () => ({ body: { data: saved } }),
    });
    const { user } = renderDialog(9);
    expect(await screen.findByDisplayValue('2 días antes del cierre')).toBeInTheDocument();
    // Published: no publication time to change.
    expect(screen.queryByRole('checkbox', { name: 'Programar' })).toBeNull();
    const remind = screen.getByRole('checkbox', { name: 'Recordar a quienes no respondieron' });
    expect(remind).toBeChecked();
    await user.click(remind);
    expect(screen.queryByRole('combobox', { name: 'Cuándo recordar' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const body = requests.find((r) => r.method === 'PUT')?.body as { reminder_minutes: number | null };
    expect(body.reminder_minutes).toBeNull();
  });

  it('edits a survey sending question ids, and shows the server 409 with "Error al guardar encuesta" as fallback', async () => {
    const { requests } = mockApi({
      'GET /api/branches': () => ({ body: branches }),
      'GET /api/admin/surveys/9': () => ({ body: { data: saved } }),
      'PUT /api/admin/surveys/9': () => ({
        status: 409,
        body: { message: 'No se puede quitar la pregunta' },
      }),
    });
    const { user, onClose } = renderDialog(9);
    expect(await screen.findByDisplayValue('Capacitación')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No se puede quitar la pregunta')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const body = requests.find((r) => r.method === 'PUT')?.body as { questions: { id?: number }[] };
    expect(body.questions[0]?.id).toBe(31);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a survey that fails to load closes the edit with "Error al cargar encuesta" and its "Reintentar"', async () => {
    mockApi({
      'GET /api/branches': () => ({ body: branches }),
      'GET /api/admin/surveys/9': () => ({ status: 500 }),
    });
    const { user, onClose, onRetry } = renderDialog(9);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(SURVEY_MSG.loadOneError)).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await user.click(within(toast).getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledWith(9);
  });
});
