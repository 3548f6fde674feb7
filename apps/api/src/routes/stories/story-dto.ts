import { isStoryLive, type TStory } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import { branches } from '../../db/schema/branches.ts';
import { stories } from '../../db/schema/stories.ts';
import { users } from '../../db/schema/users.ts';
import { fileUrl } from '../../services/storage/file-url.ts';
import { storyExpiresAt } from '../../services/stories/expiry.ts';

export const storyColumns = {
  id: stories.id,
  title: stories.title,
  imageKey: stories.imageKey,
  thumbKey: stories.thumbKey,
  userName: users.name,
  active: stories.active,
  branchId: stories.branchId,
  branchName: branches.name,
  startsAt: stories.startsAt,
  endsAt: stories.endsAt,
  expiresAt: storyExpiresAt,
  viewsCount: sql<number>`(SELECT count(*) FROM story_views v WHERE v.story_id = ${stories.id})::int`,
  createdAt: stories.createdAt,
};

export const storyJoins = {
  users: eq(users.id, stories.createdBy),
  branches: eq(branches.id, stories.branchId),
};

export type StoryRow = {
  id: number;
  title: string;
  imageKey: string;
  thumbKey: string | null;
  userName: string | null;
  active: boolean;
  branchId: number | null;
  branchName: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  expiresAt: Date;
  viewsCount: number;
  createdAt: Date;
};

export function toStoryDto(row: StoryRow, now: Date): TStory {
  const dto = {
    id: row.id,
    title: row.title,
    image: fileUrl(row.imageKey),
    thumb_url: fileUrl(row.thumbKey ?? row.imageKey),
    user_name: row.userName?.trim() || 'Admin',
    active: row.active,
    branch_id: row.branchId,
    branch: row.branchName,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    views_count: Number(row.viewsCount),
    created_at: row.createdAt.toISOString(),
  };
  return { ...dto, is_live: isStoryLive(dto, now) };
}
