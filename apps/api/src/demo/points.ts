import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { pointTransactions } from '../db/schema/points.ts';
import { pointsTimeZone } from '../services/points/award.ts';
import { MemoryLedger } from '../services/points/memory-ledger.ts';
import { businessDate } from '../services/points/rules.ts';
import { mulberry32 } from './random.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LOGIN_DAYS = 21;

interface Attempt {
  userId: number;
  actionKey: string;
  refType: string;
  refId: string;
  at: Date;
}

/**
 * The demo ledger, consistent with the demo activity already in the database (sign-ins over the
 * last three weeks, sellers' posts, likes, comments, story views, survey answers): every attempt
 * goes through the engine's rules in time order (MemoryLedger), so limits and cooldowns hold as if
 * award() had written them, and the accepted rows are written in one insert. Deterministic.
 */
export async function seedDemoPoints(tx: Tx, now: Date): Promise<number> {
  const timeZone = pointsTimeZone();
  const random = mulberry32(7_007);
  const actions = await queryRows<{
    id: number;
    key: string;
    name: string;
    points: number;
    active: boolean;
    daily_limit: number | null;
    cooldown_seconds: number | null;
  }>(tx, sql`SELECT id, key, name, points, active, daily_limit, cooldown_seconds FROM point_actions`);
  const byKey = new Map(actions.map((a) => [a.key, a]));

  const sellers = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM users WHERE role = 'seller' AND active ORDER BY id`,
  );
  const attempts: Attempt[] = [];
  for (const { id } of sellers) {
    for (let d = LOGIN_DAYS; d >= 0; d--) {
      if (random() > 0.65) continue;
      // Mornings, business time: 08:00 to 12:00 in Buenos Aires is 11:00 to 15:00 UTC.
      const day = new Date(now.getTime() - d * DAY);
      const at = new Date(
        Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 11) + random() * 4 * HOUR,
      );
      attempts.push({
        userId: id,
        actionKey: 'daily_login',
        refType: 'login',
        refId: businessDate(at, timeZone),
        at,
      });
    }
  }

  const activity = await queryRows<{
    user_id: number;
    key: string;
    ref_type: string;
    ref_id: string;
    at: Date | string;
  }>(
    tx,
    sql`SELECT p.user_id, 'create_post' AS key, 'post' AS ref_type, p.id::text AS ref_id, p.created_at AS at
        FROM posts p JOIN users u ON u.id = p.user_id AND u.role = 'seller'
      UNION ALL SELECT l.user_id, 'like_post', 'post', l.post_id::text, l.created_at FROM post_likes l
      UNION ALL SELECT c.user_id, 'comment_post', 'comment', c.id::text, c.created_at FROM post_comments c
      UNION ALL SELECT v.user_id, 'view_story', 'story', v.story_id::text, v.viewed_at FROM story_views v
      UNION ALL SELECT r.user_id, 'complete_survey', 'survey', r.survey_id::text, r.created_at FROM survey_responses r`,
  );
  for (const a of activity) {
    attempts.push({
      userId: a.user_id,
      actionKey: a.key,
      refType: a.ref_type,
      refId: a.ref_id,
      at: new Date(a.at),
    });
  }

  const surveys = new Map(
    (
      await queryRows<{ id: number; title: string; points_reward: number }>(
        tx,
        sql`SELECT id, title, points_reward FROM surveys`,
      )
    ).map((s) => [String(s.id), s]),
  );

  attempts.sort((a, b) => a.at.getTime() - b.at.getTime() || a.userId - b.userId);
  const ledger = new MemoryLedger(timeZone);
  const rows: (typeof pointTransactions.$inferInsert)[] = [];
  for (const attempt of attempts) {
    if (attempt.at.getTime() > now.getTime()) continue;
    const action = byKey.get(attempt.actionKey);
    const rule = action
      ? { active: action.active, dailyLimit: action.daily_limit, cooldownSeconds: action.cooldown_seconds }
      : null;
    if (
      ledger.tryAward(
        attempt.userId,
        attempt.actionKey,
        rule,
        `${attempt.refType}:${attempt.refId}`,
        attempt.at,
      )
    )
      continue;
    rows.push({
      userId: attempt.userId,
      pointActionId: action!.id,
      points: action!.points,
      description: action!.name,
      referenceType: attempt.refType,
      referenceId: attempt.refId,
      createdAt: attempt.at,
    });
    // A survey answer also earns the survey's own reward (docs/product.md#surveys-availability-and-answers), once per answer.
    const survey = attempt.actionKey === 'complete_survey' ? surveys.get(attempt.refId) : undefined;
    if (survey && survey.points_reward > 0) {
      rows.push({
        userId: attempt.userId,
        pointActionId: null,
        points: survey.points_reward,
        description: `Encuesta respondida: ${survey.title}`,
        referenceType: 'survey',
        referenceId: attempt.refId,
        createdAt: attempt.at,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000)
    await tx.insert(pointTransactions).values(rows.slice(i, i + 1000));
  return rows.length;
}
