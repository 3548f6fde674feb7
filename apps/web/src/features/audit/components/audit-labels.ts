import {
  AUDIT_ENTITY_NAMES,
  ROLE_NAMES,
  type TAuditAction,
  type TAuditCascade,
  type TAuditEntity,
  type TAuditEntry,
  type TRole,
} from '@panel/shared';
import { formatDateTime } from '../../../lib/dates/business-time';

/** What each audited table is called on the screen: one record, and the filter's option (the API names entries with the same words). */
export const ENTITY_LABELS: Record<TAuditEntity, string> = AUDIT_ENTITY_NAMES;

export const ACTION_LABELS: Record<TAuditAction, string> = {
  create: 'Alta',
  update: 'Modificación',
  delete: 'Baja',
};

export const ACTION_COLORS: Record<TAuditAction, string> = {
  create: 'teal.9',
  update: 'blue.9',
  delete: 'red.9',
};

/** A record known only by kind and number: "Sucursal #12". */
export function recordLabel(entity: string, id: number | null): string {
  const kind = ENTITY_LABELS[entity as TAuditEntity] ?? entity;
  return id === null ? kind : `${kind} #${id}`;
}

/**
 * An entry's record as the screen names it: the name written with the entry ("Publicación «Hola a
 * todos…»", "Sucursal «Centro»"), or "Sucursal #12" for entries written before names were (issue
 * 28, item 17).
 */
export function entryLabel(entry: Pick<TAuditEntry, 'label' | 'entity' | 'entity_id'>): string {
  return entry.label ?? recordLabel(entry.entity, entry.entity_id);
}

/**
 * What went with the record, one kind at a time: "Imagen de publicación (2), Me gusta (2),
 * Comentario (2)"; empty when nothing did.
 */
export function cascadeSummary(cascade: TAuditCascade[] | null, action: TAuditCascade['action']): string {
  return (cascade ?? [])
    .filter((c) => c.action === action)
    .map((c) => `${ENTITY_LABELS[c.entity as TAuditEntity] ?? c.entity} (${c.count})`)
    .join(', ');
}

/** The columns' human names; a column not listed shows as stored. */
const FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  version: 'Versión',
  created_at: 'Creado',
  updated_at: 'Modificado',
  name: 'Nombre',
  email: 'Email',
  role: 'Rol',
  branch_id: 'Sucursal',
  avatar_url: 'Foto',
  password_hash: 'Contraseña',
  active: 'Activo',
  city: 'Ciudad',
  address: 'Dirección',
  connection_string_enc: 'Cadena de conexión',
  code: 'Código',
  business_name: 'Razón social',
  user_id: 'Usuario',
  content: 'Contenido',
  post_id: 'Publicación',
  position: 'Posición',
  storage_key: 'Archivo',
  thumb_key: 'Miniatura',
  mime: 'Tipo de archivo',
  size: 'Tamaño (bytes)',
  width: 'Ancho (px)',
  height: 'Alto (px)',
  idempotency_key: 'Clave de reintento',
  edited_at: 'Editado',
  urgent: 'Urgente',
  start_minute: 'No molestar desde (minuto del día)',
  end_minute: 'No molestar hasta (minuto del día)',
  title: 'Título',
  image_key: 'Imagen',
  created_by: 'Creado por',
  starts_at: 'Inicio',
  ends_at: 'Fin',
  story_id: 'Historia',
  viewed_at: 'Visto',
  color: 'Color',
  icon: 'Ícono',
  notification_type_id: 'Tipo de notificación',
  message: 'Mensaje',
  notification_id: 'Notificación',
  read_at: 'Leída',
  event_type_id: 'Tipo de evento',
  description: 'Descripción',
  start_at: 'Inicio',
  end_at: 'Fin',
  key: 'Clave',
  points: 'Puntos',
  daily_limit: 'Límite diario',
  cooldown_seconds: 'Espera entre otorgamientos (segundos)',
  point_action_id: 'Acción de puntos',
  reference_type: 'Tipo de referencia',
  reference_id: 'Referencia',
  points_reward: 'Puntos por responder',
  start_date: 'Fecha de inicio',
  end_date: 'Fecha de fin',
  reminder_minutes: 'Recordatorios (minutos antes)',
  survey_id: 'Encuesta',
  question_text: 'Pregunta',
  type: 'Tipo',
  required: 'Obligatoria',
  order: 'Orden',
  options: 'Opciones',
  response_id: 'Respuesta',
  question_id: 'Pregunta',
  value: 'Valor',
  year: 'Año',
  month: 'Mes',
  target_amount: 'Monto objetivo',
  supplier_id: 'Proveedor',
  brand_id: 'Marca',
  units: 'Unidades',
  endpoint: 'Destino',
  auth: 'Clave de autenticación',
  p256dh: 'Clave pública',
  user_agent: 'Navegador',
  last_success_at: 'Último envío correcto',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** Technical columns go last in the before/after view, the record's own fields first, in label order. */
const LAST = ['version', 'created_at', 'updated_at', 'id'];
export function orderedFields(changes: Record<string, unknown>): string[] {
  const rank = (f: string) => LAST.indexOf(f);
  return Object.keys(changes).sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    if (ra !== rb) return ra - rb;
    return fieldLabel(a).localeCompare(fieldLabel(b), 'es');
  });
}

/** The changed fields in one line, for the list: "Nombre, Ciudad" (technical columns left out). */
export function changedFieldsSummary(changes: Record<string, unknown>): string {
  return orderedFields(changes)
    .filter((f) => !LAST.includes(f))
    .map(fieldLabel)
    .join(', ');
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value as people read it: dates in the business time zone, Sí/No, roles in Spanish; null is "vacío". */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(vacío)';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (field === 'role') return ROLE_NAMES[value as TRole] ?? value;
    if (ISO_INSTANT.test(value)) return formatDateTime(value.replace(' ', 'T'), 'DD/MM/YYYY HH:mm');
    if (ISO_DAY.test(value)) return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
    return value;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.join(', ');
  return JSON.stringify(value);
}
