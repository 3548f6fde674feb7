import { describe, expect, it } from 'vitest';
import { isFuturePublishAt, SCHEDULE_MSG, ZNotificationInput, ZPostInput, zPublishAt } from '../index.ts';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('publish_at', () => {
  it('is optional: absent, null or blank means now', () => {
    expect(zPublishAt.parse(undefined)).toBeUndefined();
    expect(zPublishAt.parse(null)).toBeUndefined();
    expect(zPublishAt.parse('  ')).toBeUndefined();
    expect(ZPostInput.parse({ content: 'Hola' }).publish_at).toBeUndefined();
  });

  it('takes an ISO instant with Z or an offset, trimmed', () => {
    expect(zPublishAt.parse(' 2026-12-08T11:00:00.000Z ')).toBe('2026-12-08T11:00:00.000Z');
    expect(zPublishAt.parse('2026-12-08T08:00:00-03:00')).toBe('2026-12-08T08:00:00-03:00');
  });

  it('refuses a text that is no instant, and one out of range, naming "La fecha de publicación"', () => {
    expect(
      messages(ZNotificationInput.safeParse({ title: 'a', message: 'b', publish_at: '08/12/2026' })),
    ).toEqual({
      publish_at: SCHEDULE_MSG.publishAtInvalid,
    });
    expect(messages(ZPostInput.safeParse({ content: 'a', publish_at: '2200-01-01T00:00:00Z' }))).toEqual({
      publish_at: SCHEDULE_MSG.publishAtOutOfRange,
    });
    expect(SCHEDULE_MSG.publishAtPast).toMatch(/^La fecha de publicación/);
  });

  it('is in the future only when strictly after now', () => {
    const now = new Date('2026-12-04T12:00:00.000Z');
    expect(isFuturePublishAt('2026-12-04T12:00:00.001Z', now)).toBe(true);
    expect(isFuturePublishAt('2026-12-04T12:00:00.000Z', now)).toBe(false);
    expect(isFuturePublishAt('2026-12-04T08:59:00-03:00', now)).toBe(false);
  });
});
