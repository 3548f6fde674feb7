import type { Tx } from '../db/client.ts';
import { surveyAnswers, surveyQuestions, surveyResponses, surveys } from '../db/schema/surveys.ts';
import { scheduleJob } from '../services/scheduling/jobs.ts';
import { syncSurveyReminder } from '../services/scheduling/reminders.ts';
import { localDate, zonedInstant } from './schedule.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type QuestionSeed =
  | { text: string; type: 'rating' | 'boolean'; required: boolean; weights?: number[] }
  | { text: string; type: 'multiple_choice'; required: boolean; options: string[] }
  | { text: string; type: 'text'; required: boolean; answers: string[] };

interface SurveySeed {
  title: string;
  description: string | null;
  /** Index into the demo branches; null = every branch. */
  branch: number | null;
  active: boolean;
  reward: number;
  /** Days from now; null = open. */
  start: number | null;
  end: number | null;
  /** "Recordar a quienes no respondieron": minutes before the end (docs/decisions/2026-12-04-reminders.md). */
  reminder?: number;
  /** "Programada": published at its start (docs/decisions/2026-12-05-stories-and-surveys-scheduled.md). */
  scheduled?: boolean;
  /** Share of the eligible sellers who answered (0..1). */
  answered: number;
  questions: QuestionSeed[];
}

const SURVEYS: SurveySeed[] = [
  {
    title: 'Satisfacción con la capacitación de marzo',
    description: 'Ayudanos a mejorar las próximas capacitaciones de producto.',
    branch: null,
    active: true,
    reward: 15,
    start: -20,
    end: null,
    answered: 0.4,
    questions: [
      {
        text: '¿Cómo calificarías la capacitación?',
        type: 'rating',
        required: true,
        weights: [1, 2, 5, 9, 7],
      },
      { text: '¿Te resultó útil para tu trabajo diario?', type: 'boolean', required: true },
      {
        text: '¿Qué formato preferís?',
        type: 'multiple_choice',
        required: false,
        options: ['Presencial', 'Virtual', 'Mixto'],
      },
      {
        text: 'Comentarios',
        type: 'text',
        required: false,
        answers: [
          'Muy clara la parte de dilución de lavandina, la voy a usar con los clientes.',
          'Estaría bueno tener el material en PDF para repasar.',
          'Fue un poco larga, mejor dos encuentros cortos.',
          'Excelente el ejemplo con el balde medidor.',
          'Me gustaría una capacitación sobre desengrasantes industriales.',
          'Buenísima, gracias por el tiempo.',
        ],
      },
    ],
  },
  {
    title: 'Relevamiento de góndolas',
    reminder: 1440,
    description: 'Contanos cómo se exhiben nuestros productos en los comercios que visitás.',
    branch: 0,
    active: true,
    reward: 20,
    start: -5,
    end: 10,
    answered: 0.5,
    questions: [
      {
        text: '¿Dónde está exhibida la línea de limpiadores?',
        type: 'multiple_choice',
        required: true,
        options: ['Cabecera', 'Góndola central', 'Punta de caja', 'No está exhibida'],
      },
      {
        text: '¿Cómo evaluás la visibilidad del producto?',
        type: 'rating',
        required: true,
        weights: [2, 4, 6, 4, 2],
      },
      { text: '¿El comercio tiene stock suficiente?', type: 'boolean', required: true },
      {
        text: 'Observaciones del punto de venta',
        type: 'text',
        required: false,
        answers: [
          'El encargado pidió más flejes de precio.',
          'Falta reposición de detergente de 750 ml.',
          'La competencia tiene una punta de góndola con oferta 2x1.',
          'Buena exhibición, el cliente está conforme con la rotación.',
        ],
      },
    ],
  },
  {
    title: 'Productos más pedidos del verano',
    description: 'Encuesta cerrada: qué pidieron más los clientes en enero y febrero.',
    branch: null,
    active: true,
    reward: 10,
    start: -60,
    end: -30,
    answered: 0.6,
    questions: [
      {
        text: '¿Cuál fue el producto más pedido?',
        type: 'multiple_choice',
        required: true,
        options: ['Lavandina', 'Detergente', 'Desinfectante de pisos', 'Limpiavidrios'],
      },
      { text: '¿Hubo faltantes de stock?', type: 'boolean', required: true },
    ],
  },
  {
    title: 'Capacitación en limpiadores concentrados',
    description: 'Inscripción y expectativas para la capacitación del mes que viene.',
    branch: 1,
    active: true,
    reward: 25,
    // Written ahead of the training: the sellers see it when it opens (the Calendario shows it till then).
    scheduled: true,
    start: 7,
    end: 21,
    answered: 0,
    questions: [
      { text: '¿Vas a poder asistir?', type: 'boolean', required: true },
      { text: '¿Qué temas te interesan?', type: 'text', required: false, answers: [] },
    ],
  },
  {
    title: 'Relevamiento de precios de la competencia (borrador)',
    description: null,
    branch: null,
    active: false,
    reward: 10,
    start: null,
    end: null,
    answered: 0,
    questions: [
      { text: '¿Qué marca competidora ves más seguido?', type: 'text', required: true, answers: [] },
    ],
  },
  {
    title: 'Clima laboral del trimestre',
    description: 'Respuestas anónimas para el equipo de Recursos Humanos.',
    branch: 2,
    active: false,
    reward: 5,
    start: -40,
    end: null,
    answered: 0.7,
    questions: [
      { text: '¿Cómo te sentís en el equipo?', type: 'rating', required: true, weights: [0, 1, 3, 6, 4] },
      {
        text: '¿Qué mejorarías?',
        type: 'text',
        required: false,
        answers: [
          'Más reuniones de equipo para compartir ventas.',
          'Los viáticos tardan en reintegrarse.',
          'Nada, estoy muy conforme.',
        ],
      },
    ],
  },
];

/**
 * Demo surveys of every question type across branches (available, past, future, draft), with
 * answers from demo sellers. Their ledger rows (points_reward and the complete_survey action) are
 * written by the demo ledger (demo/points.ts), which replays every seeded activity through the
 * engine's rules. Deterministic through `random`.
 */
export async function seedDemoSurveys(
  tx: Tx,
  input: {
    sellers: { id: number; branchId: number | null }[];
    branchIds: number[];
    now: Date;
    random: () => number;
    timeZone: string;
  },
): Promise<void> {
  const { now, random } = input;
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  /** 08:00 of the business day `days` from today: when a scheduled survey opens. */
  const morning = (days: number) => {
    const d = localDate(now, days, input.timeZone);
    return zonedInstant(d.year, d.month, d.day, 8, input.timeZone);
  };

  for (const [index, seed] of SURVEYS.entries()) {
    const branchId =
      seed.branch === null ? null : (input.branchIds[seed.branch % input.branchIds.length] ?? null);
    const start = seed.start === null ? null : seed.scheduled ? morning(seed.start) : at(seed.start);
    const [survey] = await tx
      .insert(surveys)
      .values({
        title: seed.title,
        description: seed.description,
        active: seed.active,
        branchId,
        pointsReward: seed.reward,
        startDate: start,
        endDate: seed.end === null ? null : at(seed.end),
        reminderMinutes: seed.reminder ?? null,
        publishAt: seed.scheduled ? start : null,
        createdAt: at(Math.min(seed.start ?? 0, 0) - 2 - index),
        updatedAt: at(Math.min(seed.start ?? 0, 0) - 2 - index),
      })
      .returning({ id: surveys.id });
    if (seed.scheduled && start) await scheduleJob(tx, 'survey', survey!.id, start);
    await syncSurveyReminder(tx, survey!.id, now);
    const questions = await tx
      .insert(surveyQuestions)
      .values(
        seed.questions.map((q, order) => ({
          surveyId: survey!.id,
          questionText: q.text,
          type: q.type,
          required: q.required,
          order,
          options: q.type === 'multiple_choice' ? q.options : null,
        })),
      )
      .returning({ id: surveyQuestions.id });
    if (seed.answered === 0) continue;

    const eligible = input.sellers.filter((s) => branchId === null || s.branchId === branchId);
    const respondents = eligible.filter(() => random() < seed.answered);
    // Answers arrive between the start (or 30 days ago) and the end or now.
    const from = (start ?? at(-30)).getTime();
    const until = Math.min(seed.end === null ? now.getTime() : at(seed.end).getTime(), now.getTime());
    const responses = await tx
      .insert(surveyResponses)
      .values(
        // In arrival order, as real answers are stored: ids and times grow together.
        respondents
          .map((s) => ({ s, at: from + Math.floor(random() * Math.max(1, until - from)) }))
          .sort((a, b) => a.at - b.at)
          .map(({ s, at }) => ({ surveyId: survey!.id, userId: s.id, createdAt: new Date(at) })),
      )
      .returning({
        id: surveyResponses.id,
        userId: surveyResponses.userId,
        createdAt: surveyResponses.createdAt,
      });

    const answers: (typeof surveyAnswers.$inferInsert)[] = [];
    for (const response of responses) {
      seed.questions.forEach((q, i) => {
        if (!q.required && random() < 0.25) return;
        const value = answerValue(q, random);
        if (value !== null) answers.push({ responseId: response.id, questionId: questions[i]!.id, value });
      });
    }
    if (answers.length > 0) await tx.insert(surveyAnswers).values(answers);
  }
}

function answerValue(q: QuestionSeed, random: () => number): string | null {
  switch (q.type) {
    case 'rating':
      return String(weighted(q.weights ?? [1, 1, 1, 1, 1], random) + 1);
    case 'boolean':
      return random() < 0.7 ? 'true' : 'false';
    case 'multiple_choice':
      return q.options[Math.floor(random() * q.options.length)]!;
    case 'text':
      return q.answers.length > 0 ? q.answers[Math.floor(random() * q.answers.length)]! : null;
  }
}

function weighted(weights: number[], random: () => number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random() * total;
  for (const [i, w] of weights.entries()) {
    r -= w;
    if (r < 0) return i;
  }
  return weights.length - 1;
}
