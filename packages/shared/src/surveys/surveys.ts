import { z } from 'zod';
import { zPublishAt } from '../content/scheduling.ts';
import {
  emptyMeans,
  hasVisibleText,
  INT4_MAX,
  MAX_PER_PAGE,
  makeListQuery,
  outOfDateRange,
  requiredOnPut,
  withinDateRange,
  zDecimal,
  zInt32,
  zOptionalText,
  zQueryBool,
  zTimestamp,
  zVersion,
} from '../core/common.ts';

/** Spanish texts of surveys; the spec's own (§5, §8) are quoted letter for letter. */
export const SURVEY_MSG = {
  titleRequired: 'El título es obligatorio',
  titleTooLong: 'El título no puede superar los 200 caracteres',
  questionsRequired: 'Debes agregar al menos una pregunta',
  questionTextRequired: 'El texto de la pregunta es obligatorio',
  questionTypeInvalid: 'Elegí un tipo de pregunta válido',
  pointsNegative: 'Los puntos no pueden ser negativos',
  pointsInteger: 'Los puntos deben ser un número entero',
  optionsMin: 'Agregá al menos dos opciones',
  optionRequired: 'La opción no puede estar vacía',
  optionsDuplicated: 'Las opciones no pueden repetirse',
  dateInvalid: 'La fecha no es válida',
  endBeforeStart: 'La fecha de fin debe ser posterior a la de inicio',
  startOutOfRange: outOfDateRange('La fecha de inicio'),
  endOutOfRange: outOfDateRange('La fecha de fin'),
  activeRequired: 'Indicá si la encuesta queda activa',
  surveyNotFound: 'La encuesta no existe',
  questionNotFound: 'La pregunta no existe',
  questionNotInSurvey: 'La pregunta no pertenece a esta encuesta',
  questionRepeated: 'La pregunta está repetida',
  answersRequired: 'Debes enviar las respuestas',
  surveyNotAvailable: 'La encuesta no está disponible',
  alreadyAnswered: 'Ya respondiste esta encuesta',
  ratingInvalid: 'La calificación debe ser un número entero del 1 al 5',
  booleanInvalid: 'La respuesta debe ser Sí o No',
  optionInvalid: 'La respuesta debe ser una de las opciones',
  textInvalid: 'La respuesta debe tener entre 1 y 2000 caracteres',
  requiredAnswerMissing: 'Falta responder una pregunta obligatoria',
  // Panel texts (docs/product.md#surveys, #messages).
  noDescription: 'Sin descripción',
  allBranches: 'Todas',
  available: 'Disponible',
  notAvailable: 'No disponible',
  confirmDelete: '¿Estás seguro de eliminar esta encuesta?',
  created: 'Encuesta creada',
  updated: 'Encuesta actualizada',
  deleted: 'Encuesta eliminada',
  activated: 'Encuesta activada',
  deactivated: 'Encuesta desactivada',
  saveError: 'Error al guardar encuesta',
  loadListError: 'Error al cargar encuestas',
  loadOneError: 'Error al cargar encuesta',
  deleteError: 'Error al eliminar encuesta',
  toggleError: 'Error al cambiar estado',
  statisticsError: 'Error al cargar estadísticas',
  reminderInvalid: 'Elegí cuándo recordar de la lista',
  reminderNeedsEnd: 'Para recordar a quienes no respondieron, la encuesta necesita una fecha de fin',
} as const;

/**
 * "Recordar a quienes no respondieron" (docs/decisions/2026-12-04-reminders.md): how long before the
 * survey closes (its end date) the audience's sellers who have not answered get a push.
 */
export const SURVEY_REMINDER_OPTIONS = [
  { minutes: 60, label: '1 hora antes del cierre' },
  { minutes: 180, label: '3 horas antes del cierre' },
  { minutes: 1440, label: '1 día antes del cierre' },
  { minutes: 2880, label: '2 días antes del cierre' },
] as const;
const SURVEY_REMINDER_MINUTES = SURVEY_REMINDER_OPTIONS.map((o) => o.minutes);

/** 409 texts naming the question (or option) that already has answers. */
export const surveyConflict = {
  removeAnswered: (question: string) =>
    `No se puede quitar la pregunta "${question}" porque ya tiene respuestas`,
  retypeAnswered: (question: string) =>
    `No se puede cambiar el tipo de la pregunta "${question}" porque ya tiene respuestas`,
  removeAnsweredOption: (question: string, option: string) =>
    `No se puede quitar la opción "${option}" de la pregunta "${question}" porque ya tiene respuestas`,
};

export const SURVEY_QUESTION_TYPES = ['text', 'multiple_choice', 'rating', 'boolean'] as const;
export type TSurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];

/** The type selector's labels (docs/product.md#validation-messages). */
export const SURVEY_QUESTION_TYPE_LABELS: Record<TSurveyQuestionType, string> = {
  text: 'Texto libre',
  multiple_choice: 'Opción múltiple',
  rating: 'Calificación (1 a 5)',
  boolean: 'Sí/No',
};

export const SURVEY_DEFAULT_REWARD = 10;
export const SURVEY_PAGE_SIZE = 15;
export const SURVEY_RATING_VALUES = [1, 2, 3, 4, 5] as const;
export const SURVEY_TEXT_MAX = 2000;
export const SURVEY_MAX_QUESTIONS = 50;
export const SURVEY_MAX_OPTIONS = 20;

const zOptionalInstant = (outOfRange: string) =>
  withinDateRange(z.iso.datetime({ offset: true, error: SURVEY_MSG.dateInvalid }), outOfRange)
    .nullish()
    .transform((v) => v ?? null);

export const ZSurveyQuestionInput = z
  .object({
    /** An existing question's id (edits are matched by id); absent for a new question. */
    id: z.number().int().positive().max(2_147_483_647).optional(),
    question_text: z
      .string({ error: SURVEY_MSG.questionTextRequired })
      .trim()
      .min(1, SURVEY_MSG.questionTextRequired)
      .refine(hasVisibleText, SURVEY_MSG.questionTextRequired)
      .max(500),
    type: z.enum(SURVEY_QUESTION_TYPES, { error: SURVEY_MSG.questionTypeInvalid }),
    required: z.boolean().default(false),
    /** Informative: questions are stored in the order of the list, numbered from 0. */
    order: zInt32().optional(),
    options: z.array(z.string().trim().max(200)).max(SURVEY_MAX_OPTIONS).nullish(),
  })
  .superRefine((q, ctx) => {
    if (q.type !== 'multiple_choice') return;
    const options = q.options ?? [];
    const filled = options.filter((o) => o !== '');
    // The list's own message first: the form nests the options' messages under it.
    if (filled.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: SURVEY_MSG.optionsMin });
    else if (new Set(filled.map((o) => o.toLowerCase())).size !== filled.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: SURVEY_MSG.optionsDuplicated });
    options.forEach((option, i) => {
      if (option === '')
        ctx.addIssue({ code: 'custom', path: ['options', i], message: SURVEY_MSG.optionRequired });
    });
  })
  .transform((q) => ({ ...q, options: q.type === 'multiple_choice' ? (q.options ?? []) : null }));
export type TSurveyQuestionInput = z.input<typeof ZSurveyQuestionInput>;

/** Create and update share one body (docs/api-contract.md). A new survey is inactive unless `active` is true. */
const ZSurveyFields = z.object({
  title: z
    .string({ error: SURVEY_MSG.titleRequired })
    .trim()
    .min(1, SURVEY_MSG.titleRequired)
    .refine(hasVisibleText, SURVEY_MSG.titleRequired)
    .max(200, SURVEY_MSG.titleTooLong),
  description: zOptionalText(2000),
  active: z.boolean().default(false),
  /** null (or 0) = every branch: the panel sends null for "Todas las sucursales". */
  branch_id: emptyMeans(
    z
      .number()
      .int()
      .min(0)
      .max(2_147_483_647)
      .nullish()
      .transform((v) => (v ? v : null)),
    'todas las sucursales',
  ),
  points_reward: z
    .number({ error: SURVEY_MSG.pointsInteger })
    .int(SURVEY_MSG.pointsInteger)
    .min(0, SURVEY_MSG.pointsNegative)
    .max(1_000_000)
    .default(SURVEY_DEFAULT_REWARD),
  start_date: zOptionalInstant(SURVEY_MSG.startOutOfRange),
  end_date: zOptionalInstant(SURVEY_MSG.endOutOfRange),
  /** Minutes before end_date (SURVEY_REMINDER_OPTIONS); null or absent on create = no reminder. */
  reminder_minutes: emptyMeans(
    z
      .literal(SURVEY_REMINDER_MINUTES, { error: SURVEY_MSG.reminderInvalid })
      .nullish()
      .transform((v) => v ?? null),
    'sin recordatorio',
  ),
  /**
   * "Programar" (docs/product.md#scheduled-publishing): a future instant; absent = now (on a PUT of a
   * scheduled survey, absent publishes it now; a published one refuses it).
   */
  publish_at: zPublishAt,
  questions: z
    .array(ZSurveyQuestionInput, { error: SURVEY_MSG.questionsRequired })
    .min(1, SURVEY_MSG.questionsRequired)
    .max(SURVEY_MAX_QUESTIONS),
});

function checkSurvey(s: z.output<typeof ZSurveyFields>, ctx: z.RefinementCtx) {
  if (s.start_date && s.end_date && Date.parse(s.end_date) <= Date.parse(s.start_date)) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: SURVEY_MSG.endBeforeStart });
  }
  if (s.reminder_minutes !== null && !s.end_date) {
    ctx.addIssue({ code: 'custom', path: ['reminder_minutes'], message: SURVEY_MSG.reminderNeedsEnd });
  }
  const ids = s.questions.map((q) => q.id).filter((id) => id !== undefined);
  if (new Set(ids).size !== ids.length) {
    ctx.addIssue({ code: 'custom', path: ['questions'], message: SURVEY_MSG.questionRepeated });
  }
}

export const ZSurveyInput = ZSurveyFields.superRefine(checkSurvey);
/** PUT: the fields with a default on create must be sent (absent would reset them). */
export const ZSurveyUpdate = requiredOnPut(ZSurveyFields, [
  'active',
  'branch_id',
  'points_reward',
  'reminder_minutes',
]).superRefine(checkSurvey);
export type TSurveyInput = z.input<typeof ZSurveyInput>;
export type TSurveyInputParsed = z.output<typeof ZSurveyInput>;

export const ZSurveyToggle = z.object({ active: z.boolean({ error: SURVEY_MSG.activeRequired }) });

export const ZSurveyQuestion = z.object({
  id: z.number().int(),
  question_text: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  required: z.boolean(),
  order: z.number().int(),
  options: z.array(z.string()).nullable(),
});
export type TSurveyQuestion = z.infer<typeof ZSurveyQuestion>;

export const ZSurvey = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  branch_id: z.number().int().nullable(),
  branch: z.object({ name: z.string() }).nullable(),
  points_reward: z.number().int(),
  start_date: zTimestamp.nullable(),
  end_date: zTimestamp.nullable(),
  /** "Recordar a quienes no respondieron": minutes before end_date; null = off. */
  reminder_minutes: z.number().int().nullable(),
  /** "Programada" until then (docs/product.md#scheduled-publishing); null once published. */
  publish_at: zTimestamp.nullable(),
  is_available: z.boolean(),
  response_count: z.number().int(),
  questions_count: z.number().int(),
  created_at: zTimestamp,
  updated_at: zTimestamp,
  version: zVersion,
});
export type TSurvey = z.infer<typeof ZSurvey>;

/** One survey with its questions in order. */
export const ZSurveyDetail = ZSurvey.extend({ questions: z.array(ZSurveyQuestion) });
export type TSurveyDetail = z.infer<typeof ZSurveyDetail>;

export const ZSurveyListQuery = makeListQuery([
  'title',
  'created_at',
  'start_date',
  'end_date',
] as const).extend({
  per_page: zDecimal(z.number().int().min(1).max(MAX_PER_PAGE)).default(SURVEY_PAGE_SIZE),
  active: zQueryBool,
  /** A branch id, or 0 for the surveys meant for every branch. */
  branch_id: zDecimal(z.number().int().min(0).max(2_147_483_647)).optional(),
});
export type TSurveyListQuery = z.input<typeof ZSurveyListQuery>;

/**
 * docs/product.md#server-rules: active, and now is on or after start_date when there is one, and on or
 * before end_date when there is one.
 */
export function isSurveyAvailable(
  survey: {
    active: boolean;
    start_date: string | Date | null;
    end_date: string | Date | null;
    /** Scheduled (docs/product.md#scheduled-publishing): not available until published. */
    publish_at?: string | Date | null;
  },
  now: Date,
): boolean {
  if (survey.publish_at || !survey.active) return false;
  const t = now.getTime();
  if (survey.start_date && new Date(survey.start_date).getTime() > t) return false;
  if (survey.end_date && new Date(survey.end_date).getTime() < t) return false;
  return true;
}

// Statistics ---------------------------------------------------------------------------------

export const ZSurveyQuestionStatistics = z.object({
  question_id: z.number().int(),
  question_text: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  required: z.boolean(),
  options: z.array(z.string()).nullable(),
  total_answers: z.number().int(),
  /** Rating questions only; null when nobody answered. */
  average_rating: z.number().nullable(),
  /** Answer value → count. Ratings list 1 to 5, booleans true/false and choices every option, with 0s. */
  distribution: z.record(z.string(), z.number().int()),
});
export type TSurveyQuestionStatistics = z.infer<typeof ZSurveyQuestionStatistics>;

export const ZSurveyStatistics = z.object({
  title: z.string(),
  total_responses: z.number().int(),
  questions_count: z.number().int(),
  /**
   * docs/product.md#the-two-readings-settled: distinct respondents among the eligible sellers ÷ the eligible sellers (active
   * sellers of the survey's branch, or all of them). `rate` is 0..1.
   */
  response_rate: z.object({
    respondents: z.number().int(),
    eligible: z.number().int(),
    rate: z.number(),
  }),
  question_statistics: z.array(ZSurveyQuestionStatistics),
});
export type TSurveyStatistics = z.infer<typeof ZSurveyStatistics>;

export const ZSurveyTextAnswer = z.object({
  id: z.number().int(),
  value: z.string(),
  user_name: z.string(),
  created_at: zTimestamp,
});
export type TSurveyTextAnswer = z.infer<typeof ZSurveyTextAnswer>;

export const ZSurveyAnswersQuery = z.object({
  page: zDecimal(z.number().int().min(1).max(INT4_MAX)).default(1),
  per_page: zDecimal(z.number().int().min(1).max(MAX_PER_PAGE)).default(5),
});

export const ZSurveyQuestionParams = z.object({
  id: zDecimal(z.number().int().positive().max(2_147_483_647)),
  questionId: zDecimal(z.number().int().positive().max(2_147_483_647)),
});

// Seller side (/api/app) -------------------------------------------------------------------

export const ZAppSurvey = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  branch_id: z.number().int().nullable(),
  points_reward: z.number().int(),
  start_date: zTimestamp.nullable(),
  end_date: zTimestamp.nullable(),
  is_available: z.boolean(),
  answered_by_me: z.boolean(),
  /**
   * The app's notice (docs/decisions/2026-12-04-reminders.md): the survey's reminder time has come and the
   * caller has not answered; the list marks it "Todavía no la respondiste" until it is answered or closes.
   */
  reminder_due: z.boolean(),
  questions: z.array(ZSurveyQuestion),
});
export type TAppSurvey = z.infer<typeof ZAppSurvey>;

export const ZAppSurveyListQuery = z.object({
  page: zDecimal(z.number().int().min(1).max(INT4_MAX)).default(1),
  per_page: zDecimal(z.number().int().min(1).max(MAX_PER_PAGE)).default(SURVEY_PAGE_SIZE),
  /**
   * `true`: only those whose reminder has come and the caller has not answered (Avisos' "Encuestas por
   * responder", docs/decisions/2026-12-04-reminders.md).
   */
  reminder_due: zQueryBool,
});

/** A value per question: a rating number, a boolean, an option's text or free text. */
export const ZSurveyAnswerValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

export const ZSurveyResponseInput = z.object({
  answers: z
    .array(
      z.object({
        question_id: z.number().int().positive().max(2_147_483_647),
        value: ZSurveyAnswerValue,
      }),
      { error: SURVEY_MSG.answersRequired },
    )
    .max(SURVEY_MAX_QUESTIONS),
});
export type TSurveyResponseInput = z.input<typeof ZSurveyResponseInput>;

export const ZSurveyResponseResult = z.object({
  response_id: z.number().int(),
  survey_id: z.number().int(),
  /** The survey's points_reward plus the complete_survey action's points when it was awarded. */
  points_awarded: z.number().int(),
  created_at: zTimestamp,
});
export type TSurveyResponseResult = z.infer<typeof ZSurveyResponseResult>;

type AnswerCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * Checks one answer against its question's type (docs/product.md#server-rules) and gives the stored text:
 * rating "1".."5", boolean "true"/"false", the option itself, or the trimmed text.
 */
export function normalizeSurveyAnswer(
  question: { type: TSurveyQuestionType; options: string[] | null },
  value: unknown,
): AnswerCheck {
  switch (question.type) {
    case 'rating': {
      const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 5)
        return { ok: false, message: SURVEY_MSG.ratingInvalid };
      return { ok: true, value: String(n) };
    }
    case 'boolean': {
      if (value === true || value === 'true') return { ok: true, value: 'true' };
      if (value === false || value === 'false') return { ok: true, value: 'false' };
      return { ok: false, message: SURVEY_MSG.booleanInvalid };
    }
    case 'multiple_choice': {
      if (typeof value !== 'string' || !(question.options ?? []).includes(value.trim()))
        return { ok: false, message: SURVEY_MSG.optionInvalid };
      return { ok: true, value: value.trim() };
    }
    case 'text': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text.length < 1 || text.length > SURVEY_TEXT_MAX)
        return { ok: false, message: SURVEY_MSG.textInvalid };
      return { ok: true, value: text };
    }
  }
}

/** An optional question left blank: no answer row is written. */
export const isBlankAnswer = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
