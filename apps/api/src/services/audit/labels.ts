import { AUDIT_ENTITY_NAMES, type TAuditEntity } from '@panel/shared';
import { deviceWords } from '../auth/device.ts';

/** A row as the audit trigger stages it, or as a lookup reads it: column → value. */
export type AuditRecord = Record<string, unknown>;

/** Finds a row another row points to (a like's post, a volume's seller): staged or in the database. */
export type FindRecord = (entity: TAuditEntity, id: unknown) => AuditRecord | undefined;

/** How long the quoted part of a name may be before it is cut with "…" (docs/product.md#audit). */
export const LABEL_TEXT_MAX = 40;

/** "«Hola a todos…»": the text on one line, at most LABEL_TEXT_MAX characters, quoted. */
export function quoted(text: unknown): string {
  const line = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(line);
  const cut = chars.length > LABEL_TEXT_MAX ? `${chars.slice(0, LABEL_TEXT_MAX).join('').trimEnd()}…` : line;
  return `«${cut}»`;
}

/** The columns each kind of row points through to the rows its name mentions. */
export const LABEL_REFERENCES: Partial<Record<TAuditEntity, [column: string, entity: TAuditEntity][]>> = {
  post_images: [['post_id', 'posts']],
  post_likes: [
    ['user_id', 'users'],
    ['post_id', 'posts'],
  ],
  story_views: [
    ['user_id', 'users'],
    ['story_id', 'stories'],
  ],
  notification_reads: [
    ['user_id', 'users'],
    ['notification_id', 'notifications'],
  ],
  point_transactions: [['user_id', 'users']],
  survey_responses: [
    ['user_id', 'users'],
    ['survey_id', 'surveys'],
  ],
  survey_answers: [['question_id', 'survey_questions']],
  monthly_volumes: [['user_id', 'users']],
  monthly_target_units: [['user_id', 'users']],
  push_subscriptions: [['user_id', 'users']],
  seller_quiet_hours: [['user_id', 'users']],
  sessions: [['user_id', 'users']],
  user_totp: [['user_id', 'users']],
  user_passkeys: [['user_id', 'users']],
};

/** The column that names a row of each kind that has one of its own. */
const NAME_COLUMN: Partial<Record<TAuditEntity, string>> = {
  users: 'name',
  branches: 'name',
  suppliers: 'business_name',
  brands: 'name',
  posts: 'content',
  post_comments: 'content',
  stories: 'title',
  notification_types: 'name',
  notifications: 'title',
  event_types: 'name',
  events: 'title',
  point_actions: 'name',
  surveys: 'title',
  survey_questions: 'question_text',
};

/**
 * A record as Auditoría names it, written with the entry so the name outlives the record
 * (issue 28, item 17): the kind, then what a reader knows it by. "Publicación «Hola a todos…»",
 * "Sucursal «Centro»", "Vendedor «Ana Pérez»", "Me gusta de «Ana Pérez» en la publicación «…»".
 * A row it points to that is gone reads "#id".
 */
export function auditLabel(entity: TAuditEntity, row: AuditRecord, find: FindRecord): string {
  const ref = (column: string, kind: TAuditEntity): string => {
    const id = row[column];
    const target = find(kind, id);
    const name = NAME_COLUMN[kind];
    return target && name ? quoted(target[name]) : `#${String(id)}`;
  };
  const period = () => `${String(row.month).padStart(2, '0')}/${String(row.year)}`;
  switch (entity) {
    case 'users':
      return `${row.role === 'admin' ? 'Administrador' : 'Vendedor'} ${quoted(row.name)}`;
    case 'post_images':
      return `Imagen de la publicación ${ref('post_id', 'posts')}`;
    case 'post_likes':
      return `Me gusta de ${ref('user_id', 'users')} en la publicación ${ref('post_id', 'posts')}`;
    case 'story_views':
      return `Vista de ${ref('user_id', 'users')} de la historia ${ref('story_id', 'stories')}`;
    case 'notification_reads':
      return `Lectura de ${ref('user_id', 'users')} de la notificación ${ref('notification_id', 'notifications')}`;
    case 'point_transactions': {
      const points = Number(row.points);
      const signed = points > 0 ? `+${points}` : String(points).replace('-', '−');
      return `Movimiento de puntos de ${ref('user_id', 'users')} (${signed})`;
    }
    case 'survey_responses':
      return `Respuesta de ${ref('user_id', 'users')} a la encuesta ${ref('survey_id', 'surveys')}`;
    case 'survey_answers':
      return `Respuesta a la pregunta ${ref('question_id', 'survey_questions')}`;
    case 'monthly_volumes':
      return `Volumen mensual de ${ref('user_id', 'users')} (${period()})`;
    case 'monthly_target_units':
      return `Unidades del mes de ${ref('user_id', 'users')} (${period()})`;
    case 'push_subscriptions':
      return `Suscripción a avisos de ${ref('user_id', 'users')}`;
    case 'seller_quiet_hours':
      return `Horario "No molestar" de ${ref('user_id', 'users')}`;
    case 'sign_in_settings':
      return AUDIT_ENTITY_NAMES.sign_in_settings;
    case 'user_passkeys':
      return `Llave de acceso de ${ref('user_id', 'users')} (${String(row.name)})`;
    case 'user_totp':
      return `Verificación en dos pasos de ${ref('user_id', 'users')}`;
    case 'sessions':
      return `Sesión de ${ref('user_id', 'users')} (${deviceWords(row.user_agent as string | null)})`;
    default: {
      const name = NAME_COLUMN[entity];
      const kind = AUDIT_ENTITY_NAMES[entity] ?? entity;
      return name ? `${kind} ${quoted(row[name])}` : `${kind} #${String(row.id)}`;
    }
  }
}
