DROP INDEX "point_totals_rank_idx";--> statement-breakpoint
ALTER TABLE "point_totals" ADD COLUMN "name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "point_totals" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "point_totals" ADD COLUMN "ranked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (docs/performance.md, API): the leaderboard's order becomes an index order. Each
-- total carries what the ranking filters and orders by (the user's name_key, branch_id, and
-- role = 'seller' AND active as `ranked`), copied in the writing transaction: by the ledger's
-- trigger when it adds a total, and by a trigger on users when a user is renamed, moved to another
-- branch, deactivated or changes role. The ledger's trigger takes FOR SHARE on the users it adds
-- totals for before reading them, so a rename committing meanwhile is either waited for (and read)
-- or waits (and then sees the new totals): no total keeps an old copy.
-- The backfill rewrites the table, its key and foreign key put back after (one index build and one
-- join instead of a check per row), instead of updating every row in place (665 000 totals on
-- the generated tenant: the UPDATE took 5-10 s under load).
CREATE TEMPORARY TABLE point_totals_copy ON COMMIT DROP AS
SELECT t.period, t.period_start, t.user_id, t.points, t.entries,
  coalesce(u.name_key, '') AS name_key, u.branch_id, u.role = 'seller' AND u.active AS ranked
FROM point_totals t JOIN users u ON u.id = t.user_id;
--> statement-breakpoint
TRUNCATE point_totals;
--> statement-breakpoint
ALTER TABLE point_totals DROP CONSTRAINT point_totals_period_period_start_user_id_pk;
--> statement-breakpoint
ALTER TABLE point_totals DROP CONSTRAINT point_totals_user_id_users_id_fk;
--> statement-breakpoint
INSERT INTO point_totals (period, period_start, user_id, points, entries, name_key, branch_id, ranked)
SELECT period, period_start, user_id, points, entries, name_key, branch_id, ranked
FROM point_totals_copy
ORDER BY period, period_start, user_id;
--> statement-breakpoint
ALTER TABLE point_totals ADD CONSTRAINT point_totals_period_period_start_user_id_pk PRIMARY KEY (period, period_start, user_id);
--> statement-breakpoint
ALTER TABLE point_totals ADD CONSTRAINT point_totals_user_id_users_id_fk
  FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
DROP TABLE point_totals_copy;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION point_totals_add() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  tz text;
BEGIN
  SELECT time_zone INTO tz FROM point_totals_settings WHERE id = 1;
  PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM added) ORDER BY id FOR SHARE;
  INSERT INTO point_totals AS t (period, period_start, user_id, points, entries, name_key, branch_id, ranked)
  SELECT p.period, p.period_start, u.id, sum(a.points), count(*),
    coalesce(u.name_key, ''), u.branch_id, u.role = 'seller' AND u.active
  FROM added a
  JOIN users u ON u.id = a.user_id
  CROSS JOIN LATERAL (VALUES
    ('all', DATE '1970-01-01'),
    ('month', date_trunc('month', a.created_at AT TIME ZONE coalesce(tz, 'UTC'))::date),
    ('week', date_trunc('week', a.created_at AT TIME ZONE coalesce(tz, 'UTC'))::date)
  ) AS p(period, period_start)
  GROUP BY p.period, p.period_start, u.id
  ORDER BY 1, 2, 3
  ON CONFLICT (period, period_start, user_id)
    DO UPDATE SET points = t.points + EXCLUDED.points, entries = t.entries + EXCLUDED.entries;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION point_totals_user_copy() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE point_totals
  SET name_key = coalesce(NEW.name_key, ''), branch_id = NEW.branch_id, ranked = (NEW.role = 'seller' AND NEW.active)
  WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER point_totals_user_copy
  AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.name_key IS DISTINCT FROM NEW.name_key OR OLD.branch_id IS DISTINCT FROM NEW.branch_id
    OR OLD.role IS DISTINCT FROM NEW.role OR OLD.active IS DISTINCT FROM NEW.active)
  EXECUTE FUNCTION point_totals_user_copy();
--> statement-breakpoint
CREATE INDEX "point_totals_user_id_idx" ON "point_totals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "point_totals_rank_idx" ON "point_totals" USING btree ("period","period_start","points" DESC NULLS LAST,"name_key","user_id") WHERE "point_totals"."ranked" AND "point_totals"."points" > 0;--> statement-breakpoint
CREATE INDEX "point_totals_branch_rank_idx" ON "point_totals" USING btree ("branch_id","period","period_start","points" DESC NULLS LAST,"name_key","user_id") WHERE "point_totals"."ranked" AND "point_totals"."points" > 0;--> statement-breakpoint
ANALYZE point_totals;
