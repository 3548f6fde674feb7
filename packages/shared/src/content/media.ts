import { z } from 'zod';
import {
  hasVisibleText,
  isInDateRange,
  MAX_PER_PAGE,
  makeListQuery,
  outOfDateRange,
  zCursor,
  zDecimal,
  zInt,
  zTimestamp,
} from '../core/common.ts';
import { zFormBranchId } from './schedule-fields.ts';
import { zPublishAt } from './scheduling.ts';

/** Publicaciones and Historias: their Spanish texts (docs/product.md#posts, #stories, #validation-messages, #messages) and rules. */
export const MEDIA_MSG = {
  contentRequired: 'Debes escribir un contenido para la publicación',
  contentTooLong: 'El contenido no puede superar los 500 caracteres',
  imagesRequired: 'Debes subir al menos una imagen',
  tooManyImages: 'Máximo 5 imágenes por publicación',
  imagesTooLarge: 'Algunas imágenes superan los 10MB.',
  storyImageRequired: 'Debes seleccionar una imagen',
  storyImageTooLarge: 'La imagen supera los 10MB.',
  titleRequired: 'El título es obligatorio',
  titleTooLong: 'El título no puede superar los 120 caracteres',
  notAnImage:
    'Algún archivo no es una imagen válida. Se aceptan JPG, PNG, GIF, WebP y AVIF (SVG y otros formatos no).',
  brokenImage: 'Algún archivo está dañado o incompleto y no se pudo leer como imagen.',
  imageTooManyPixels: 'Alguna imagen tiene demasiados píxeles (el máximo es de 40 megapíxeles).',
  filesNotAccepted: 'Esta operación no acepta archivos.',
  endsBeforeStart: 'La fecha de fin debe ser posterior a la de inicio',
  endsInThePast: 'La fecha de fin debe ser posterior a este momento',
  endsBeforePublication: 'La fecha de fin debe ser posterior a la de publicación',
  startsTooLongBeforePublication:
    'La fecha de inicio es de más de 24 horas antes de la publicación: sin fecha de fin, la historia ya habría vencido',
  startsTooLongAgo:
    'La fecha de inicio es de hace más de 24 horas: sin fecha de fin, la historia ya habría vencido',
  invalidDate: 'La fecha no es válida',
  startsOutOfRange: outOfDateRange('La fecha de inicio'),
  endsOutOfRange: outOfDateRange('La fecha de fin'),
  branchInvalid: 'La sucursal elegida no existe',
  postNotFound: 'La publicación no existe',
  storyNotFound: 'La historia no existe',
  fileNotFound: 'El archivo no existe',
  // Panel texts.
  postsLoadError: 'Error al cargar posts',
  postSaveError: 'Error al guardar post',
  postDeleteError: 'Error al eliminar la publicación',
  postCreated: 'Publicación creada correctamente',
  postDeleted: 'Publicación eliminada correctamente',
  storiesLoadError: 'Error al cargar stories',
  storyCreated: 'Historia creada correctamente',
  storyDeleted: 'Historia eliminada correctamente',
  storyDeleteError: 'Error al eliminar la historia',
  branchesLoadError: 'Error al cargar sucursales',
  unknownError: 'Error desconocido',
  noLikes: 'Aún no hay likes en esta publicación',
  noComments: 'Aún no hay comentarios en esta publicación',
  noViewers: 'Nadie ha visto esta historia aún',
} as const;

export const POST_CONTENT_MAX = 500;
export const POST_IMAGES_MAX = 5;
/** 10 MB per image (docs/product.md#validation-messages, #constants). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Decoded size limit against decompression bombs. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The raster types accepted, detected from the bytes (docs/product.md#the-two-readings-settled). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const;
/** The file picker's `accept`. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');
/**
 * Without `ends_at`, a story lasts 24 h from its start: `starts_at`, or its creation when it has none
 * (docs/decisions/2026-12-02-story-lifetime-from-start.md).
 */
export const STORY_LIFETIME_HOURS = 24;
const STORY_LIFETIME_MS = STORY_LIFETIME_HOURS * 60 * 60 * 1000;

/**
 * When a story stops showing: its end, or 24 h after its start (when it has none, after its
 * publication: its `publish_at` while scheduled, its creation once published, since publishing
 * sets it). The API's queries compute the same in SQL (apps/api/src/services/stories/expiry.ts),
 * and a test checks the two agree.
 */
export function storyExpiresAt(story: {
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  created_at: string | Date;
  publish_at?: string | Date | null;
}): Date {
  if (story.ends_at) return new Date(story.ends_at);
  const from = story.starts_at ?? story.publish_at ?? story.created_at;
  return new Date(new Date(from).getTime() + STORY_LIFETIME_MS);
}

/**
 * A new story's window against the moment it is published (now, or its `publish_at` when scheduled):
 * one that would have expired by then is refused, naming the field (its end before that moment; or,
 * without an end, a start more than 24 h before it). The schema checks the end against the start;
 * this needs the clock, so the route calls it with its own and the form with the browser's.
 */
export function storyWindowIssue(
  window: { starts_at: string | null; ends_at: string | null; publish_at?: string | undefined },
  now: Date,
): { field: 'starts_at' | 'ends_at'; message: string } | null {
  const scheduled = Boolean(window.publish_at) && Date.parse(window.publish_at!) > now.getTime();
  const at = scheduled ? new Date(window.publish_at!) : now;
  if (window.ends_at) {
    // An end before the start has its own message (ZStoryInput).
    if (window.starts_at && Date.parse(window.ends_at) <= Date.parse(window.starts_at)) return null;
    if (Date.parse(window.ends_at) > at.getTime()) return null;
    return {
      field: 'ends_at',
      message: scheduled ? MEDIA_MSG.endsBeforePublication : MEDIA_MSG.endsInThePast,
    };
  }
  if (window.starts_at && storyExpiresAt({ ...window, created_at: at }).getTime() <= at.getTime()) {
    return {
      field: 'starts_at',
      message: scheduled ? MEDIA_MSG.startsTooLongBeforePublication : MEDIA_MSG.startsTooLongAgo,
    };
  }
  return null;
}

/** `branch_id`: 0, empty or absent = every branch (sent as 0 by the panel). */
const zBranchId = zFormBranchId(MEDIA_MSG.branchInvalid);

/** The text fields of POST /api/posts (the images travel as `images[]` files). */
export const ZPostInput = z.object({
  content: z
    .string({ error: MEDIA_MSG.contentRequired })
    .trim()
    .min(1, MEDIA_MSG.contentRequired)
    .refine(hasVisibleText, MEDIA_MSG.contentRequired)
    .max(POST_CONTENT_MAX, MEDIA_MSG.contentTooLong),
  branch_id: zBranchId,
  /** "Programar" (docs/product.md#scheduled-publishing): a future instant; absent = now. */
  publish_at: zPublishAt,
});
export type TPostInput = z.input<typeof ZPostInput>;

/** The checks on the chosen images that the panel can make before sending (sizes in bytes). */
export function imageProblems(files: readonly { size: number }[]): string | null {
  if (files.length === 0) return MEDIA_MSG.imagesRequired;
  if (files.length > POST_IMAGES_MAX) return MEDIA_MSG.tooManyImages;
  if (files.some((f) => f.size > IMAGE_MAX_BYTES)) return MEDIA_MSG.imagesTooLarge;
  return null;
}

export const ZImage = z.object({ id: z.number().int(), url: z.string(), thumb_url: z.string() });
export type TImage = z.infer<typeof ZImage>;

export const ZPost = z.object({
  id: z.number().int(),
  content: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  images: z.array(ZImage),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  /**
   * "Vista por `seen_count` de `audience_count`": the active sellers who see it (its branch's, or
   * everyone's), and how many of them have seen it in the app.
   */
  seen_count: z.number().int(),
  audience_count: z.number().int(),
  created_at: zTimestamp,
  /** "Programada": when it will be published (invisible to sellers until then); null once published. */
  publish_at: zTimestamp.nullable(),
});
export type TPost = z.infer<typeof ZPost>;

/** GET /api/posts/{id}/reach: "Vista por N de M", as a whole and per branch. */
export const ZPostReach = z.object({
  data: z.object({
    seen: z.number().int(),
    audience: z.number().int(),
    by_branch: z.array(
      z.object({
        branch_id: z.number().int(),
        branch_name: z.string(),
        seen: z.number().int(),
        audience: z.number().int(),
      }),
    ),
  }),
});
export type TPostReach = z.infer<typeof ZPostReach>['data'];

/** One seller of a post's audience: when they saw it (null in the "No vieron" list). */
export const ZPostViewer = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  branch_name: z.string().nullable(),
  viewed_at: zTimestamp.nullable(),
});
export type TPostViewer = z.infer<typeof ZPostViewer>;

/** GET /api/posts/{id}/viewers: `seen=true` newest view first, `seen=false` by name; a page at a time. */
export const ZPostViewersQuery = z.object({
  seen: z.enum(['true', 'false']).default('true'),
  page: zInt({ min: 1 }).default(1),
  per_page: zInt({ min: 1, max: MAX_PER_PAGE }).default(50),
});
export type TPostViewersQuery = z.input<typeof ZPostViewersQuery>;

export const ZPostListQuery = makeListQuery(['created_at', 'likes_count', 'comments_count'] as const).extend({
  branch_id: zDecimal(z.number().int().min(0).max(2_147_483_647)).optional(),
  /** Keyset paging for deep pages, newest first only (meta.next_cursor). */
  cursor: zCursor(),
});
export type TPostListQuery = z.input<typeof ZPostListQuery>;

export const ZPostLike = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_avatar: z.string().nullable(),
  created_at: zTimestamp,
});
export type TPostLike = z.infer<typeof ZPostLike>;

export const ZPostComment = ZPostLike.extend({ content: z.string() });
export type TPostComment = z.infer<typeof ZPostComment>;

/** Optional ISO 8601 instant, parsed strictly (no 30 February, no "1"), within the years 2000–2100; blank is null. */
const zOptionalInstant = (outOfRange: string) =>
  z
    .string()
    .trim()
    .max(40)
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (!v) return null;
      if (!z.iso.datetime({ offset: true }).safeParse(v).success) {
        ctx.addIssue({ code: 'custom', message: MEDIA_MSG.invalidDate });
        return z.NEVER;
      }
      if (!isInDateRange(v)) {
        ctx.addIssue({ code: 'custom', message: outOfRange });
        return z.NEVER;
      }
      return new Date(v).toISOString();
    });

const zActiveFlag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on'])])
  .optional()
  .transform((v) => (v === undefined ? true : v === true || v === '1' || v === 'true' || v === 'on'));

/** The text fields of POST /api/stories (the image travels as the `image` file). */
export const ZStoryInput = z
  .object({
    title: z
      .string({ error: MEDIA_MSG.titleRequired })
      .trim()
      .min(1, MEDIA_MSG.titleRequired)
      .refine(hasVisibleText, MEDIA_MSG.titleRequired)
      .max(120, MEDIA_MSG.titleTooLong),
    active: zActiveFlag,
    branch_id: zBranchId,
    starts_at: zOptionalInstant(MEDIA_MSG.startsOutOfRange),
    ends_at: zOptionalInstant(MEDIA_MSG.endsOutOfRange),
    /** "Programar" (docs/product.md#scheduled-publishing): a future instant; absent = now. */
    publish_at: zPublishAt,
  })
  .superRefine((v, ctx) => {
    if (v.starts_at && v.ends_at && v.ends_at <= v.starts_at) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: MEDIA_MSG.endsBeforeStart });
    }
  });
export type TStoryInput = z.input<typeof ZStoryInput>;

/** ZStoryInput, with the window checked against `now` too (storyWindowIssue): the route's clock, or the form's. */
export const zStoryInputAt = (now: Date) =>
  ZStoryInput.superRefine((v, ctx) => {
    const issue = storyWindowIssue(v, now);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });

export const ZStory = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  thumb_url: z.string(),
  user_name: z.string(),
  active: z.boolean(),
  /** Active, started and not expired. */
  is_live: z.boolean(),
  branch_id: z.number().int().nullable(),
  branch: z.string().nullable(),
  starts_at: zTimestamp.nullable(),
  ends_at: zTimestamp.nullable(),
  /** `ends_at`, or 24 h after `starts_at` (after its publication when there is no start). */
  expires_at: zTimestamp,
  /** "Programada" until then (docs/product.md#scheduled-publishing); null once published. */
  publish_at: zTimestamp.nullable(),
  views_count: z.number().int(),
  created_at: zTimestamp,
});
export type TStory = z.infer<typeof ZStory>;

export const ZStoryListQuery = makeListQuery(['created_at', 'title'] as const);
export type TStoryListQuery = z.input<typeof ZStoryListQuery>;

export const ZStoryViewer = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  viewed_at: zTimestamp,
});
export type TStoryViewer = z.infer<typeof ZStoryViewer>;

/** A story's status: published, active, already started and not yet expired. */
export function isStoryLive(
  story: { active: boolean; starts_at: string | null; expires_at: string; publish_at?: string | null },
  now: Date,
): boolean {
  if (story.publish_at || !story.active) return false;
  if (story.starts_at && new Date(story.starts_at) > now) return false;
  return new Date(story.expires_at) > now;
}
