import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { APP_MSG, ZAppCommentInput } from '../app/community-app.ts';
import { ZBranchInput } from '../catalog/branches.ts';
import { CATALOG_MSG, ZBrandInput, ZSupplierInput } from '../catalog/suppliers-brands.ts';
import { EVENT_MSG, ZEventInput, ZEventTypeInput } from '../content/events.ts';
import { MEDIA_MSG, ZPostInput, ZStoryInput } from '../content/media.ts';
import { NOTIFICATION_MSG, ZNotificationInput, ZNotificationTypeInput } from '../content/notifications.ts';
import { ZUserCreate } from '../people/user-input.ts';
import { POINT_ACTION_MSG, ZPointActionCreate } from '../points/actions.ts';
import { SURVEY_MSG, ZSurveyInput, ZSurveyQuestionInput } from '../surveys/surveys.ts';
import { hasVisibleText, isBlank } from './common.ts';
import { MSG } from './messages.ts';

// Issue 28, item 10: names and titles made only of characters that show nothing were stored.
const INVISIBLE = ['\u3164', '\uFFA0', '\u2800', '\u034F', '\u{E0020}', '\u200F', '\u200E', '\u115F'];

/** Every required name, title and text of a record, with the message an empty one gets. */
const TABLE: [string, z.ZodObject, string, string][] = [
  ['sucursal', ZBranchInput, 'name', MSG.nameRequired],
  ['proveedor', ZSupplierInput, 'business_name', CATALOG_MSG.descriptionRequired],
  ['proveedor', ZSupplierInput, 'code', CATALOG_MSG.codeRequired],
  ['marca', ZBrandInput, 'name', CATALOG_MSG.descriptionRequired],
  ['usuario', ZUserCreate, 'name', MSG.nameRequired],
  ['tipo de evento', ZEventTypeInput, 'name', EVENT_MSG.nameRequired],
  ['evento', ZEventInput, 'title', EVENT_MSG.titleRequired],
  ['tipo de notificación', ZNotificationTypeInput, 'name', NOTIFICATION_MSG.nameRequired],
  ['notificación', ZNotificationInput, 'title', NOTIFICATION_MSG.titleRequired],
  ['notificación', ZNotificationInput, 'message', NOTIFICATION_MSG.messageRequired],
  ['publicación', ZPostInput, 'content', MEDIA_MSG.contentRequired],
  ['historia', ZStoryInput, 'title', MEDIA_MSG.titleRequired],
  ['comentario', ZAppCommentInput, 'content', APP_MSG.commentRequired],
  ['acción de puntos', ZPointActionCreate, 'name', POINT_ACTION_MSG.nameRequired],
  ['encuesta', ZSurveyInput, 'title', SURVEY_MSG.titleRequired],
];
const FIELDS = TABLE.map(([record, schema, field, message]) => ({
  label: `${record}.${field}`,
  check: (value: string) =>
    (schema.shape[field] as z.ZodType).safeParse(value).error?.issues.map((i) => i.message) ?? [],
  message,
}));
FIELDS.push({
  label: 'pregunta.question_text',
  check: (value: string) =>
    ZSurveyQuestionInput.safeParse({ question_text: value, type: 'text' })
      .error?.issues.filter((i) => i.path[0] === 'question_text')
      .map((i) => i.message) ?? [],
  message: SURVEY_MSG.questionTextRequired,
});

describe('text that shows nothing (issue 28, item 10)', () => {
  it('isBlank: the Hangul fillers, the blank Braille pattern, joiners, tags and direction marks', () => {
    for (const c of INVISIBLE) {
      expect(isBlank(c), c.codePointAt(0)!.toString(16)).toBe(true);
      expect(isBlank(` ${c}${c} `)).toBe(true);
    }
    // Visible text keeps them: an emoji's variation selector, a name with a direction mark.
    for (const text of ['❤️', 'Casa\u200F', '\u3164a', 'ㅎ']) expect(isBlank(text), text).toBe(false);
  });

  it.each(FIELDS)(
    '$label made only of invisible characters is refused like an empty one',
    ({ label, check, message }) => {
      expect(check('')).toEqual([message]);
      for (const c of INVISIBLE)
        expect(check(` ${c}${c}\u200B `), `${label} U+${c.codePointAt(0)!.toString(16)}`).toEqual([message]);
      expect(check('A\u3164')).toEqual([]);
      expect(hasVisibleText('')).toBe(true);
    },
  );
});
