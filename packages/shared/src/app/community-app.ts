import { z } from 'zod';
import { ZPostInput } from '../content/media.ts';
import { notificationIconUrl } from '../content/notifications.ts';
import {
  CURSOR_INVALID,
  CURSOR_PATTERN,
  hasVisibleText,
  MAX_QUERY_TEXT,
  MSG_NO_NUL,
  makeItemResponse,
  makeListQuery,
  NO_NUL_PATTERN,
  zDecimal,
  zId,
  zTimestamp,
} from '../core/common.ts';

/** Texts of the community-app API (/api/app/*), docs/product.md#seller-calls. */
export const APP_MSG = {
  postNotFound: 'La publicación no existe',
  storyNotFound: 'La historia no existe o ya no está activa',
  commentRequired: 'El comentario es obligatorio',
  commentTooLong: 'El comentario no puede superar los 1000 caracteres',
  invalidCursor: CURSOR_INVALID,
  notificationNotFound: 'La notificación no existe',
  eventNotFound: 'El evento no existe',
  idempotencyKeyInvalid:
    'La clave de idempotencia debe tener de 1 a 200 caracteres: letras, números, "-", "_", ".", ":"',
  idempotencyKeyReused: 'Esa clave de idempotencia ya se usó para otro comentario',
  commentNotFound: 'El comentario no existe',
  commentNotYours: 'Solo podés editar o borrar tus propios comentarios',
  currentPasswordRequired: 'Ingresá tu contraseña actual',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  newPasswordSame: 'La contraseña nueva debe ser distinta de la actual',
  pushEndpointInvalid: 'La suscripción no tiene un endpoint válido (https://)',
  pushKeysInvalid: 'La suscripción no tiene claves válidas (p256dh y auth)',
  pushEndpointNotAllowed:
    'El endpoint de la suscripción no es de un servicio push conocido (https, puerto 443: FCM, Mozilla, Apple o Windows)',
  pushP256dhInvalid:
    'La clave p256dh no es válida: debe ser un punto P-256 sin comprimir (65 bytes en base64url)',
  pushAuthInvalid: 'La clave auth no es válida: debe tener 16 bytes (22 caracteres en base64url)',
  pushSubscriptionNotFound: 'No tenés una suscripción con ese endpoint',
} as const;

export const APP_FEED_PER_PAGE = 20;

/**
 * Keyset paging of the feed: `cursor` is the `next_cursor` of the previous page. `q` searches the
 * same posts by text and author, accent- and case-insensitive (Inicio's search).
 */
export const ZAppFeedQuery = z.object({
  cursor: z.string().trim().max(200, CURSOR_INVALID).regex(CURSOR_PATTERN, CURSOR_INVALID).optional(),
  q: z.string().trim().max(MAX_QUERY_TEXT).regex(NO_NUL_PATTERN, MSG_NO_NUL).optional(),
  per_page: zDecimal(z.number().int().min(1).max(50)).default(APP_FEED_PER_PAGE),
});
export type TAppFeedQuery = z.input<typeof ZAppFeedQuery>;

export const ZAppImage = z.object({ id: z.number().int(), url: z.string(), thumb_url: z.string() });

export const ZAppPost = z.object({
  id: z.number().int(),
  content: z.string(),
  user_name: z.string(),
  user_avatar: z.string().nullable(),
  /** null: a post for every branch. */
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  images: z.array(ZAppImage),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  liked_by_me: z.boolean(),
  created_at: zTimestamp,
});
export type TAppPost = z.infer<typeof ZAppPost>;

export const ZAppFeed = z.object({
  data: z.array(ZAppPost),
  meta: z.object({ per_page: z.number().int(), next_cursor: z.string().nullable() }),
});

export const ZAppLike = z.object({
  data: z.object({
    liked: z.boolean(),
    likes_count: z.number().int(),
    /** Points this call earned (0 when a rule refused them or nothing was awarded). */
    points_awarded: z.number().int(),
  }),
});

/** An Idempotency-Key: the same key from the same user names the same comment. */
export const zIdempotencyKey = z
  .string({ error: APP_MSG.idempotencyKeyInvalid })
  .regex(/^[A-Za-z0-9._:-]{1,200}$/, APP_MSG.idempotencyKeyInvalid);

export const ZAppCommentInput = z.object({
  content: z
    .string({ error: APP_MSG.commentRequired })
    .trim()
    .min(1, APP_MSG.commentRequired)
    .refine(hasVisibleText, APP_MSG.commentRequired)
    .max(1000, APP_MSG.commentTooLong),
  /** Or the `Idempotency-Key` header (the header wins when both are sent). */
  idempotency_key: zIdempotencyKey.optional(),
});
export type TAppCommentInput = z.input<typeof ZAppCommentInput>;

export const ZAppComment = z.object({
  data: z.object({
    id: z.number().int(),
    post_id: z.number().int(),
    content: z.string(),
    user_name: z.string(),
    created_at: zTimestamp,
    points_awarded: z.number().int(),
  }),
});

export const ZAppCommentItem = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  content: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_avatar: z.string().nullable(),
  /** Written by the caller. */
  mine: z.boolean(),
  created_at: zTimestamp,
  /** When its author last changed the text; null = never edited. */
  edited_at: zTimestamp.nullable(),
});
export type TAppCommentItem = z.infer<typeof ZAppCommentItem>;

/** A seller edits their own comment: the same rule as writing it. */
export const ZAppCommentEdit = ZAppCommentInput.pick({ content: true });
export type TAppCommentEdit = z.input<typeof ZAppCommentEdit>;

/** A seller's post goes to their own branch: only the text travels (with 1 to 5 `images[]`). */
export const ZAppPostInput = ZPostInput.pick({ content: true });
export type TAppPostInput = z.input<typeof ZAppPostInput>;

export const ZAppCreatedPost = z.object({
  data: ZAppPost.extend({ points_awarded: z.number().int() }),
});

export const ZAppPageQuery = makeListQuery(['created_at'] as const)
  .omit({ q: true, sort: true })
  .extend({
    per_page: zDecimal(z.number().int().min(1).max(100)).default(20),
  });

export const ZAppStory = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  thumb_url: z.string().nullable(),
  user_name: z.string(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  created_at: zTimestamp,
  starts_at: zTimestamp.nullable(),
  expires_at: zTimestamp,
  viewed_by_me: z.boolean(),
});
export type TAppStory = z.infer<typeof ZAppStory>;

export const ZAppStoryView = z.object({
  data: z.object({
    story_id: z.number().int(),
    /** The first view's time: later views keep it. */
    viewed_at: zTimestamp,
    points_awarded: z.number().int(),
  }),
});

/** The most posts (and the most stories) one POST /api/app/views may name. */
export const APP_VIEWS_MAX = 100;

/**
 * POST /api/app/views (docs/decisions/2026-12-03-views.md): the posts and stories the seller has
 * seen since the last batch. Each list at most APP_VIEWS_MAX ids, both may be empty.
 */
export const ZAppViewsInput = z.object({
  posts: z.array(zId()).max(APP_VIEWS_MAX).default([]),
  stories: z.array(zId()).max(APP_VIEWS_MAX).default([]),
});
export type TAppViewsInput = z.input<typeof ZAppViewsInput>;

export const ZAppViews = z.object({
  data: z.object({
    /** Views recorded now: an id seen before, not visible to the caller, or unknown, is not counted. */
    posts_recorded: z.number().int(),
    stories_recorded: z.number().int(),
    /** The `view_story` points the new story views earned. */
    points_awarded: z.number().int(),
  }),
});

export const ZAppNotification = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  branch_id: z.number().int().nullable(),
  type: z.object({ id: z.number().int(), name: z.string(), color: z.string(), icon: z.string() }),
  created_at: zTimestamp,
  /** When the caller marked it read; null: unread. */
  read_at: zTimestamp.nullable(),
});
export type TAppNotification = z.infer<typeof ZAppNotification>;

export const ZAppNotificationsQuery = ZAppPageQuery.extend({
  /** `unread`: only the unread ones. */
  filter: z.enum(['all', 'unread']).default('all'),
});

export const ZAppUnreadCount = z.object({
  data: z.object({
    unread_count: z.number().int(),
    /** Surveys whose reminder has come and the caller has not answered: Avisos lists them too. */
    reminders_due: z.number().int(),
  }),
});

export const ZAppNotificationRead = z.object({
  data: z.object({
    id: z.number().int(),
    read_at: zTimestamp,
    unread_count: z.number().int(),
  }),
});

export const ZAppReadAll = z.object({
  data: z.object({ marked: z.number().int(), unread_count: z.number().int() }),
});

export const APP_EVENT_PERIODS = ['upcoming', 'past', 'all'] as const;

export const ZAppEventsQuery = ZAppPageQuery.extend({
  /** upcoming (default): not ended yet, soonest first; past: ended, latest first; all: latest first. */
  period: z.enum(APP_EVENT_PERIODS).default('upcoming'),
});

export const ZAppEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  type: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
  start_at: zTimestamp,
  end_at: zTimestamp,
  /** The event as an iCalendar file, to add it to the phone's calendar. */
  ics_url: z.string(),
});
export type TAppEvent = z.infer<typeof ZAppEvent>;

export const ZAppAgendaQuery = z.object({
  /** How many coming events (after this week) at most. */
  limit: zDecimal(z.number().int().min(1).max(200)).default(50),
});

export const ZAppAgenda = z.object({
  data: z.object({
    time_zone: z.string(),
    /** This business week, Monday 00:00 to next Monday 00:00 (APP_TIMEZONE), half-open. */
    week_start: zTimestamp,
    week_end: zTimestamp,
    /** Every event that overlaps this week, ended ones included, soonest first. */
    this_week: z.array(ZAppEvent),
    /** Events that start after this week, soonest first, at most `limit`. */
    coming: z.array(ZAppEvent),
  }),
});
export type TAppAgenda = z.infer<typeof ZAppAgenda>['data'];

export const ZAppTransaction = z.object({
  id: z.number().int(),
  points: z.number().int(),
  description: z.string().nullable(),
  action: z.object({ key: z.string(), name: z.string() }).nullable(),
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  created_at: zTimestamp,
});

export const ZAppMyPoints = z.object({
  data: z.object({
    total_points: z.number().int(),
    month_points: z.number().int(),
    /** Standard competition ranking among sellers this month (business time zone); null without points. */
    rank: z.number().int().nullable(),
    ranked_sellers: z.number().int(),
    /** The same ranking among the active sellers of the caller's branch; null without points or branch. */
    branch_rank: z.number().int().nullable(),
    branch_ranked_sellers: z.number().int(),
    recent_transactions: z.array(ZAppTransaction),
  }),
});
export type TAppMyPoints = z.infer<typeof ZAppMyPoints>['data'];

export const ZAppTransactionsQuery = ZAppPageQuery;

export const ZAppLeaderboardQuery = z.object({
  limit: zDecimal(z.number().int().min(1).max(100)).default(20),
});

export const ZAppLeaderboardRow = z.object({
  rank: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  points: z.number().int(),
  /** The caller's own row. */
  is_me: z.boolean(),
});

export const ZAppLeaderboard = z.object({
  data: z.object({
    period: z.literal('monthly'),
    period_start: zTimestamp,
    period_end: zTimestamp,
    branch_id: z.number().int().nullable(),
    branch_name: z.string().nullable(),
    /** The top `limit` sellers of the branch this month (points > 0), best first. */
    rows: z.array(ZAppLeaderboardRow),
    /** The caller's row when it is not among `rows` (null: it is, or no points this month). */
    me: ZAppLeaderboardRow.nullable(),
  }),
});
export type TAppLeaderboard = z.infer<typeof ZAppLeaderboard>['data'];

export const ZAppPushPublicKey = z.object({ data: z.object({ public_key: z.string() }) });

/** base64url (padding allowed) to bytes; null when it is not base64url. */
function base64UrlBytes(value: string): Uint8Array | null {
  if (value.length > 200 || !/^[A-Za-z0-9_-]*={0,2}$/.test(value)) return null;
  const text = value.replace(/=+$/, '');
  if (text.length % 4 === 1) return null;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let acc = 0;
  let at = 0;
  for (const char of text) {
    acc = (acc << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (acc >> bits) & 0xff;
    }
  }
  return bytes;
}

const P256_P = BigInt('0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff');
const P256_B = BigInt('0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b');
const toBigInt = (bytes: Uint8Array) =>
  BigInt(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`);

/**
 * A browser's p256dh key: 65 bytes, 0x04 then x and y, a point really on P-256
 * (y² = x³ − 3x + b mod p), which is what the encryption (RFC 8291's ECDH) needs.
 */
export function isP256PublicKey(value: string): boolean {
  const bytes = base64UrlBytes(value);
  if (bytes?.length !== 65 || bytes[0] !== 4) return false;
  const x = toBigInt(bytes.subarray(1, 33));
  const y = toBigInt(bytes.subarray(33, 65));
  if (x >= P256_P || y >= P256_P) return false;
  const p = P256_P;
  return (y * y) % p === (((x * x) % p) * x - 3n * x + P256_B + 3n * p) % p;
}

/** A browser's auth secret: exactly 16 bytes (RFC 8291). */
export const isPushAuthSecret = (value: string) => base64UrlBytes(value)?.length === 16;

/** PushSubscription.toJSON() as the browser gives it. */
export const ZAppPushSubscription = z.object({
  endpoint: z
    .string({ error: APP_MSG.pushEndpointInvalid })
    .max(2000, APP_MSG.pushEndpointInvalid)
    .pipe(z.url({ error: APP_MSG.pushEndpointInvalid })),
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      p256dh: z
        .string({ error: APP_MSG.pushP256dhInvalid })
        .refine(isP256PublicKey, APP_MSG.pushP256dhInvalid),
      auth: z.string({ error: APP_MSG.pushAuthInvalid }).refine(isPushAuthSecret, APP_MSG.pushAuthInvalid),
    },
    { error: APP_MSG.pushKeysInvalid },
  ),
});
export type TAppPushSubscription = z.input<typeof ZAppPushSubscription>;

export const ZAppPushUnsubscribe = z.object({
  endpoint: z.string({ error: APP_MSG.pushEndpointInvalid }).min(1).max(2000),
});

export const ZAppPushSubscribed = makeItemResponse(
  z.object({ id: z.number().int(), endpoint: z.string(), created_at: zTimestamp }),
);

/** What a push carries (JSON, encrypted): the service worker shows it and opens `url` on a tap. */
export const ZPushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** null: a reminder (docs/decisions/2026-12-04-reminders.md), which opens its survey or the agenda. */
  notification_id: z.number().int().nullable(),
  /** Under /comunidad/, the notification (or the reminded survey, the agenda) in the app. */
  url: z.string(),
  /** The notification type's icon file, for the notification's icon. */
  icon: z.string().nullable(),
  tag: z.string(),
});
export type TPushPayload = z.infer<typeof ZPushPayload>;

/** Where a tapped push opens the community app: the list, which opens notification `id` itself. */
export const notificationAppUrl = (id: number) => `/comunidad/notificaciones?id=${id}`;

/** The payload the push worker encrypts for one notification (the browser tests deliver the same). */
export function notificationPushPayload(n: {
  id: number;
  title: string;
  message: string;
  icon: string;
}): TPushPayload {
  return {
    title: n.title,
    body: n.message,
    notification_id: n.id,
    url: notificationAppUrl(n.id),
    icon: notificationIconUrl(n.icon),
    tag: `notification-${n.id}`,
  };
}

/** "lun 7 dic, 08:00" in the business time zone: when a reminded survey closes or event starts. */
function reminderWhen(at: Date, timeZone: string): string {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('es-AR', { timeZone, ...options }).format(at).replace('.', '');
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}, ${part({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}`;
}

/**
 * A survey's reminder to a seller who has not answered it (docs/decisions/2026-12-04-reminders.md):
 * a tap opens the survey in the app.
 */
export function surveyReminderPayload(
  survey: { id: number; title: string; endDate: Date },
  timeZone: string,
): TPushPayload {
  return {
    title: `Recordatorio: ${survey.title}`,
    body: `La encuesta cierra el ${reminderWhen(survey.endDate, timeZone)}. Todavía no la respondiste.`,
    notification_id: null,
    url: `/comunidad/encuestas/${survey.id}`,
    icon: null,
    tag: `survey-reminder-${survey.id}`,
  };
}

/** An event's reminder (docs/decisions/2026-12-04-reminders.md), `minutes` before it starts: a tap opens the agenda. */
export function eventReminderPayload(
  event: { id: number; title: string; startAt: Date },
  minutes: number,
  timeZone: string,
): TPushPayload {
  return {
    title: `Recordatorio: ${event.title}`,
    body: `Empieza el ${reminderWhen(event.startAt, timeZone)}.`,
    notification_id: null,
    url: '/comunidad/agenda',
    icon: null,
    tag: `event-reminder-${event.id}-${minutes}`,
  };
}
