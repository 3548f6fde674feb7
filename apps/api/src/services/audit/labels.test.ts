import { AUDIT_ENTITIES, type TAuditEntity } from '@panel/shared';
import { describe, expect, it } from 'vitest';
import { type AuditRecord, auditLabel, quoted } from './labels.ts';

const ana = { id: 3, name: 'Ana Pérez', role: 'seller' };
const related: Record<string, AuditRecord> = {
  'users:3': ana,
  'posts:9': { id: 9, content: 'Llegó la nueva línea' },
  'stories:4': { id: 4, title: 'Promo de verano' },
  'notifications:6': { id: 6, title: 'Cierre de mes' },
  'surveys:2': { id: 2, title: 'Clima laboral' },
  'survey_questions:8': { id: 8, question_text: '¿Cómo te sentís?' },
};
const find = (entity: TAuditEntity, id: unknown) => related[`${entity}:${String(id)}`];

/** One row of each audited kind, and the name Auditoría shows for it (issue 28, item 17). */
const EXPECTED: Record<TAuditEntity, [AuditRecord, string]> = {
  users: [{ id: 1, name: 'Ana Pérez', role: 'seller' }, 'Vendedor «Ana Pérez»'],
  branches: [{ id: 1, name: 'Centro' }, 'Sucursal «Centro»'],
  suppliers: [
    { id: 1, code: 'P1', business_name: 'Distribuidora Sur SA' },
    'Proveedor «Distribuidora Sur SA»',
  ],
  brands: [{ id: 1, name: 'Acme' }, 'Marca «Acme»'],
  posts: [{ id: 9, content: 'Llegó la nueva línea' }, 'Publicación «Llegó la nueva línea»'],
  post_images: [{ id: 1, post_id: 9 }, 'Imagen de la publicación «Llegó la nueva línea»'],
  post_likes: [
    { id: 1, post_id: 9, user_id: 3 },
    'Me gusta de «Ana Pérez» en la publicación «Llegó la nueva línea»',
  ],
  post_comments: [{ id: 1, post_id: 9, content: '¡Genial!' }, 'Comentario «¡Genial!»'],
  stories: [{ id: 4, title: 'Promo de verano' }, 'Historia «Promo de verano»'],
  story_views: [{ id: 1, story_id: 4, user_id: 3 }, 'Vista de «Ana Pérez» de la historia «Promo de verano»'],
  notification_types: [{ id: 1, name: 'Urgente' }, 'Tipo de notificación «Urgente»'],
  notifications: [{ id: 6, title: 'Cierre de mes' }, 'Notificación «Cierre de mes»'],
  notification_reads: [
    { id: 1, notification_id: 6, user_id: 3 },
    'Lectura de «Ana Pérez» de la notificación «Cierre de mes»',
  ],
  event_types: [{ id: 1, name: 'Capacitación' }, 'Tipo de evento «Capacitación»'],
  events: [{ id: 1, title: 'Lanzamiento' }, 'Evento «Lanzamiento»'],
  point_actions: [{ id: 1, name: 'Venta' }, 'Acción de puntos «Venta»'],
  point_transactions: [{ id: 1, user_id: 3, points: -5 }, 'Movimiento de puntos de «Ana Pérez» (−5)'],
  surveys: [{ id: 2, title: 'Clima laboral' }, 'Encuesta «Clima laboral»'],
  survey_questions: [{ id: 8, question_text: '¿Cómo te sentís?' }, 'Pregunta de encuesta «¿Cómo te sentís?»'],
  survey_responses: [
    { id: 1, survey_id: 2, user_id: 3 },
    'Respuesta de «Ana Pérez» a la encuesta «Clima laboral»',
  ],
  survey_answers: [{ id: 1, question_id: 8 }, 'Respuesta a la pregunta «¿Cómo te sentís?»'],
  monthly_volumes: [{ id: 1, user_id: 3, year: 2026, month: 3 }, 'Volumen mensual de «Ana Pérez» (03/2026)'],
  monthly_target_units: [
    { id: 1, user_id: 3, year: 2026, month: 12 },
    'Unidades del mes de «Ana Pérez» (12/2026)',
  ],
  push_subscriptions: [{ id: 1, user_id: 3 }, 'Suscripción a avisos de «Ana Pérez»'],
  seller_quiet_hours: [{ id: 1, user_id: 3 }, 'Horario "No molestar" de «Ana Pérez»'],
  sessions: [
    {
      id: 1,
      user_id: 3,
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    },
    'Sesión de «Ana Pérez» (Firefox en Linux)',
  ],
  user_totp: [{ id: 1, user_id: 3 }, 'Verificación en dos pasos de «Ana Pérez»'],
  mfa_recovery_codes: [{ id: 4, totp_id: 1 }, 'Código de recuperación #4'],
  user_passkeys: [
    { id: 2, user_id: 3, name: 'Chrome en Linux' },
    'Llave de acceso de «Ana Pérez» (Chrome en Linux)',
  ],
  sign_in_settings: [{ id: 1, mfa_required: true }, 'Reglas de ingreso al panel'],
};

describe('auditLabel', () => {
  it.each(AUDIT_ENTITIES.map((e) => [e] as const))('names a row of %s', (entity) => {
    const [row, label] = EXPECTED[entity];
    expect(auditLabel(entity, row, find)).toBe(label);
  });

  it('names an administrator by role, a +points movement with its sign, and a gone row by number', () => {
    expect(auditLabel('users', { id: 2, name: 'Beto', role: 'admin' }, find)).toBe('Administrador «Beto»');
    expect(auditLabel('point_transactions', { id: 1, user_id: 3, points: 10 }, find)).toBe(
      'Movimiento de puntos de «Ana Pérez» (+10)',
    );
    expect(auditLabel('post_likes', { id: 1, post_id: 77, user_id: 3 }, find)).toBe(
      'Me gusta de «Ana Pérez» en la publicación #77',
    );
  });

  it('quotes text on one line, cut at 40 characters with "…"', () => {
    expect(quoted('  Hola\n\na   todos ')).toBe('«Hola a todos»');
    expect(quoted('x'.repeat(40))).toBe(`«${'x'.repeat(40)}»`);
    expect(quoted(`${'á'.repeat(39)} y más`)).toBe(`«${'á'.repeat(39)}…»`);
    expect(quoted('😀'.repeat(41))).toBe(`«${'😀'.repeat(40)}…»`);
  });
});
