import { describe, expect, it } from 'vitest';
import {
  IMAGE_MAX_BYTES,
  imageProblems,
  isStoryLive,
  MEDIA_MSG,
  storyExpiresAt,
  storyWindowIssue,
  ZPostInput,
  ZStoryInput,
  zStoryInputAt,
} from './media.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('ZPostInput', () => {
  it('trims the content and requires it with "Debes escribir un contenido para la publicación"', () => {
    expect(ZPostInput.parse({ content: '  Hola  ' })).toEqual({ content: 'Hola', branch_id: null });
    for (const content of [undefined, '', '   ']) {
      expect(issues(ZPostInput.safeParse({ content }))).toEqual([['content', MEDIA_MSG.contentRequired]]);
    }
  });

  it('allows 500 characters, not 501', () => {
    expect(ZPostInput.safeParse({ content: 'x'.repeat(500) }).success).toBe(true);
    expect(issues(ZPostInput.safeParse({ content: 'x'.repeat(501) }))).toEqual([
      ['content', MEDIA_MSG.contentTooLong],
    ]);
  });

  it('reads branch_id 0, "0", "" and absent as every branch, and a number as a branch', () => {
    for (const branch_id of [0, '0', '', undefined, null]) {
      expect(ZPostInput.parse({ content: 'x', branch_id }).branch_id).toBeNull();
    }
    expect(ZPostInput.parse({ content: 'x', branch_id: '12' }).branch_id).toBe(12);
    expect(issues(ZPostInput.safeParse({ content: 'x', branch_id: 'abc' }))).toEqual([
      ['branch_id', MEDIA_MSG.branchInvalid],
    ]);
  });
});

describe('imageProblems', () => {
  it('gives the spec messages for none, more than 5 and over 10 MB', () => {
    const ok = { size: 1000 };
    expect(imageProblems([])).toBe(MEDIA_MSG.imagesRequired);
    expect(imageProblems(Array(6).fill(ok))).toBe(MEDIA_MSG.tooManyImages);
    expect(imageProblems([ok, { size: IMAGE_MAX_BYTES + 1 }])).toBe(MEDIA_MSG.imagesTooLarge);
    expect(imageProblems([ok, { size: IMAGE_MAX_BYTES }])).toBeNull();
  });
});

describe('ZStoryInput', () => {
  it('requires a title, is active by default and reads "0" as inactive', () => {
    expect(issues(ZStoryInput.safeParse({ title: ' ' }))).toEqual([['title', MEDIA_MSG.titleRequired]]);
    expect(ZStoryInput.parse({ title: 'A' })).toMatchObject({
      active: true,
      branch_id: null,
      starts_at: null,
    });
    expect(ZStoryInput.parse({ title: 'A', active: '0' }).active).toBe(false);
  });

  it('turns dates into ISO instants and wants the end after the start', () => {
    expect(ZStoryInput.parse({ title: 'A', starts_at: '2026-06-10T12:00:00-03:00' }).starts_at).toBe(
      '2026-06-10T15:00:00.000Z',
    );
    expect(issues(ZStoryInput.safeParse({ title: 'A', starts_at: 'ayer' }))).toEqual([
      ['starts_at', MEDIA_MSG.invalidDate],
    ]);
    const reversed = { title: 'A', starts_at: '2026-06-10T12:00:00Z', ends_at: '2026-06-10T11:00:00Z' };
    expect(issues(ZStoryInput.safeParse(reversed))).toEqual([['ends_at', MEDIA_MSG.endsBeforeStart]]);
  });
});

describe('isStoryLive', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const story = { active: true, starts_at: null, expires_at: '2026-06-11T00:00:00Z' };
  it('is live when active, started and not expired', () => {
    expect(isStoryLive(story, now)).toBe(true);
    expect(isStoryLive({ ...story, active: false }, now)).toBe(false);
    expect(isStoryLive({ ...story, starts_at: '2026-06-10T13:00:00Z' }, now)).toBe(false);
    expect(isStoryLive({ ...story, expires_at: '2026-06-10T12:00:00Z' }, now)).toBe(false);
  });
  it('is not live while scheduled', () => {
    expect(isStoryLive({ ...story, publish_at: '2026-06-10T13:00:00Z' }, now)).toBe(false);
    expect(isStoryLive({ ...story, publish_at: null }, now)).toBe(true);
  });
});

describe('storyExpiresAt: 24 h from the start', () => {
  const created_at = '2026-06-10T12:00:00Z';
  it('is the end when there is one, else 24 h after the start, else 24 h after the creation', () => {
    expect(
      storyExpiresAt({ created_at, starts_at: null, ends_at: '2026-06-12T08:00:00Z' }).toISOString(),
    ).toBe('2026-06-12T08:00:00.000Z');
    // Starts next week, no end: a day from its start, never before it starts.
    expect(
      storyExpiresAt({ created_at, starts_at: '2026-06-17T09:00:00Z', ends_at: null }).toISOString(),
    ).toBe('2026-06-18T09:00:00.000Z');
    expect(storyExpiresAt({ created_at, starts_at: null, ends_at: null }).toISOString()).toBe(
      '2026-06-11T12:00:00.000Z',
    );
  });
  it('counts from its publication when scheduled with no start', () => {
    const publish_at = '2026-06-15T11:00:00Z';
    expect(storyExpiresAt({ created_at, starts_at: null, ends_at: null, publish_at }).toISOString()).toBe(
      '2026-06-16T11:00:00.000Z',
    );
    // A start says when its day begins, scheduled or not.
    expect(
      storyExpiresAt({
        created_at,
        starts_at: '2026-06-17T09:00:00Z',
        ends_at: null,
        publish_at,
      }).toISOString(),
    ).toBe('2026-06-18T09:00:00.000Z');
  });
});

describe('storyWindowIssue and zStoryInputAt: a story that would have expired already', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  it('measures a scheduled story against its publication, not against now', () => {
    const publish_at = '2026-06-15T11:00:00Z';
    expect(storyWindowIssue({ starts_at: null, ends_at: '2026-06-14T12:00:00Z', publish_at }, now)).toEqual({
      field: 'ends_at',
      message: MEDIA_MSG.endsBeforePublication,
    });
    expect(
      storyWindowIssue({ starts_at: null, ends_at: '2026-06-15T12:00:00Z', publish_at }, now),
    ).toBeNull();
    expect(storyWindowIssue({ starts_at: '2026-06-14T10:00:00Z', ends_at: null, publish_at }, now)).toEqual({
      field: 'starts_at',
      message: MEDIA_MSG.startsTooLongBeforePublication,
    });
    expect(
      storyWindowIssue({ starts_at: '2026-06-14T12:00:00Z', ends_at: null, publish_at }, now),
    ).toBeNull();
  });
  it('refuses an end before now, naming ends_at', () => {
    expect(storyWindowIssue({ starts_at: null, ends_at: '2026-06-10T11:59:00Z' }, now)).toEqual({
      field: 'ends_at',
      message: MEDIA_MSG.endsInThePast,
    });
    expect(issues(zStoryInputAt(now).safeParse({ title: 'A', ends_at: '2026-06-10T12:00:00Z' }))).toEqual([
      ['ends_at', MEDIA_MSG.endsInThePast],
    ]);
    expect(storyWindowIssue({ starts_at: null, ends_at: '2026-06-10T12:01:00Z' }, now)).toBeNull();
  });

  it('refuses a start more than 24 h ago without an end, naming starts_at; 23 h ago is fine', () => {
    expect(storyWindowIssue({ starts_at: '2026-06-09T12:00:00Z', ends_at: null }, now)).toEqual({
      field: 'starts_at',
      message: MEDIA_MSG.startsTooLongAgo,
    });
    expect(storyWindowIssue({ starts_at: '2026-06-09T13:00:00Z', ends_at: null }, now)).toBeNull();
    expect(storyWindowIssue({ starts_at: '2026-06-17T09:00:00Z', ends_at: null }, now)).toBeNull();
  });

  it('leaves an end before the start to its own message', () => {
    const reversed = { title: 'A', starts_at: '2026-06-01T12:00:00Z', ends_at: '2026-06-01T11:00:00Z' };
    expect(issues(zStoryInputAt(now).safeParse(reversed))).toEqual([['ends_at', MEDIA_MSG.endsBeforeStart]]);
  });
});
