import { z } from 'zod';
import {
  DEFAULT_PER_PAGE,
  hasVisibleText,
  MAX_PER_PAGE,
  makeListQuery,
  requiredOnPut,
  zInt,
  zTimestamp,
  zVersion,
} from '../core/common.ts';
import { registerMessages } from '../core/human-messages.ts';
import { zFormBranchId, zFormTypeId, zHexColor, zQueryId } from './schedule-fields.ts';
import { zPublishAt } from './scheduling.ts';

/** Spanish texts of notifications and their types (docs/product.md#validation-messages, #messages; docs/product.md#the-two-readings-settled). */
export const NOTIFICATION_MSG = registerMessages({
  nameRequired: 'El nombre es requerido',
  titleRequired: 'El título es requerido',
  messageRequired: 'El mensaje es requerido',
  colorInvalid: 'El color debe ser un código hexadecimal como #FF0000',
  iconInvalid: 'El ícono debe ser uno de 1.png a 32.png',
  typeInvalid: 'Elegí un tipo de notificación válido',
  branchInvalid: 'Elegí una sucursal válida',
  typeNotFound: 'El tipo de notificación no existe',
  notificationNotFound: 'La notificación no existe',
  urgentInvalid: 'Urgente debe ser verdadero o falso',
  typeInUse: 'No se puede eliminar el tipo de notificación porque hay notificaciones que lo usan.',
});

/** The icon set shipped with the panel (docs/product.md#constants): 1.png … 32.png. */
export const NOTIFICATION_ICON_COUNT = 32;
export const NOTIFICATION_ICONS = Array.from(
  { length: NOTIFICATION_ICON_COUNT },
  (_, i) => `${i + 1}.png`,
) as readonly string[];
export const DEFAULT_NOTIFICATION_ICON = '1.png';
/** Where the panel serves the icons; the API returns each type's `icon_url` under it. */
export const NOTIFICATION_ICON_BASE = '/icons/notifications';
export const notificationIconUrl = (icon: string) => `${NOTIFICATION_ICON_BASE}/${icon}`;

export const ZNotificationType = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  icon: z.string(),
  icon_url: z.string(),
  created_at: zTimestamp,
  version: zVersion,
});
export type TNotificationType = z.infer<typeof ZNotificationType>;

/** Create and update of a type (JSON, urlencoded or multipart: name, color, icon). */
export const ZNotificationTypeInput = z.object({
  name: z
    .string({ error: NOTIFICATION_MSG.nameRequired })
    .trim()
    .min(1, NOTIFICATION_MSG.nameRequired)
    .refine(hasVisibleText, NOTIFICATION_MSG.nameRequired)
    .max(80),
  color: zHexColor(NOTIFICATION_MSG.colorInvalid),
  icon: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? DEFAULT_NOTIFICATION_ICON : v),
    z
      .string({ error: NOTIFICATION_MSG.iconInvalid })
      .refine((v) => NOTIFICATION_ICONS.includes(v), { error: NOTIFICATION_MSG.iconInvalid })
      // The OpenAPI document lists the icons (a refine is invisible there).
      .meta({ enum: [...NOTIFICATION_ICONS] }),
  ),
});
/** PUT: the colour and the icon must be sent (absent would reset them). */
export const ZNotificationTypeUpdate = requiredOnPut(ZNotificationTypeInput, ['color', 'icon']);
export type TNotificationTypeInput = z.input<typeof ZNotificationTypeInput>;
export type TNotificationTypeValues = z.output<typeof ZNotificationTypeInput>;

export const ZNotificationTypeListQuery = makeListQuery(['name', 'created_at'] as const);
export type TNotificationTypeListQuery = z.input<typeof ZNotificationTypeListQuery>;

export const ZNotification = z.object({
  id: z.number().int(),
  notification_type_id: z.number().int(),
  notification_type: z.object({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    icon: z.string(),
    icon_url: z.string(),
  }),
  /** null = every branch (the form's 0). */
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  title: z.string(),
  message: z.string(),
  created_at: zTimestamp,
  /** Devices the community app's push reached ("Enviada a N dispositivos"). */
  push_sent_count: z.number().int(),
  /** "Urgente": its pushes ignore the sellers' "No molestar" (issue 23.6). */
  urgent: z.boolean(),
  /**
   * Read receipts (issue 21.11), "Leída por `read_count` de `recipient_count`": the active sellers
   * who see it (its branch's, or everyone's), and how many of them opened it.
   */
  read_count: z.number().int(),
  recipient_count: z.number().int(),
  /** "Programada": when it will be published (invisible to sellers until then); null once published. */
  publish_at: zTimestamp.nullable(),
  version: zVersion,
});
export type TNotification = z.infer<typeof ZNotification>;

/** Create and update (docs/api-contract.md): notification_type_id (default 1), branch_id (0 = all), title, message. */
export const ZNotificationInput = z.object({
  notification_type_id: zFormTypeId(1, NOTIFICATION_MSG.typeInvalid),
  branch_id: zFormBranchId(NOTIFICATION_MSG.branchInvalid),
  title: z
    .string({ error: NOTIFICATION_MSG.titleRequired })
    .trim()
    .min(1, NOTIFICATION_MSG.titleRequired)
    .refine(hasVisibleText, NOTIFICATION_MSG.titleRequired)
    .max(150),
  message: z
    .string({ error: NOTIFICATION_MSG.messageRequired })
    .trim()
    .min(1, NOTIFICATION_MSG.messageRequired)
    .refine(hasVisibleText, NOTIFICATION_MSG.messageRequired)
    .max(2000),
  /**
   * "Urgente": pushes go out at once, even in a seller's "No molestar". A form sends "1"/"true"/"on";
   * absent: false on create, unchanged on update (it only decides when a new notification's pushes go).
   */
  urgent: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on'])], {
      error: NOTIFICATION_MSG.urgentInvalid,
    })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === '1' || v === 'true' || v === 'on')),
  /**
   * "Programar" (docs/product.md#scheduled-publishing): a future instant; absent = now. On an update
   * of a scheduled one it reschedules, and absent publishes it now.
   */
  publish_at: zPublishAt,
});
/** PUT: the type and the branch must be sent (absent would reset them to type 1 and every branch). */
export const ZNotificationUpdate = requiredOnPut(ZNotificationInput, ['notification_type_id', 'branch_id']);
export type TNotificationInput = z.input<typeof ZNotificationInput>;
export type TNotificationValues = z.output<typeof ZNotificationInput>;

/** One seller who read a notification (the panel's "Leída por" list). */
export const ZNotificationReader = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  branch_name: z.string().nullable(),
  read_at: zTimestamp,
});
export type TNotificationReader = z.infer<typeof ZNotificationReader>;

/** GET /api/notifications/{id}/reads: newest read first, a page at a time. */
export const ZNotificationReadersQuery = z.object({
  page: zInt({ min: 1 }).default(1),
  per_page: zInt({ min: 1, max: MAX_PER_PAGE }).default(DEFAULT_PER_PAGE),
});
export type TNotificationReadersQuery = z.input<typeof ZNotificationReadersQuery>;

export const ZNotificationListQuery = makeListQuery(['title', 'message', 'created_at'] as const).extend({
  notification_type_id: zQueryId,
  branch_id: zQueryId,
});
export type TNotificationListQuery = z.input<typeof ZNotificationListQuery>;
