CREATE TABLE "point_totals" (
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"user_id" integer NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "point_totals_period_period_start_user_id_pk" PRIMARY KEY("period","period_start","user_id"),
	CONSTRAINT "point_totals_period_check" CHECK ("point_totals"."period" in ('all', 'month', 'week'))
);
--> statement-breakpoint
CREATE TABLE "point_totals_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "point_totals_settings_one_row_check" CHECK ("point_totals_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "point_totals" ADD CONSTRAINT "point_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_totals_rank_idx" ON "point_totals" USING btree ("period","period_start","points" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written (docs/decisions/2026-11-24-running-totals-and-session-cache.md): the ledger's running
-- totals per user, all time and per month and ISO week of the business time zone, kept by a
-- statement-level trigger in the inserting transaction. Rows are summed per statement and locked in
-- one order (period, period_start, user_id), so parallel awards add up without deadlocks.
INSERT INTO "point_totals_settings" ("id", "time_zone") VALUES (1, 'America/Argentina/Buenos_Aires');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION point_totals_add() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  tz text;
BEGIN
  SELECT time_zone INTO tz FROM point_totals_settings WHERE id = 1;
  INSERT INTO point_totals AS t (period, period_start, user_id, points)
  SELECT p.period, p.period_start, a.user_id, sum(a.points)
  FROM added a
  CROSS JOIN LATERAL (VALUES
    ('all', DATE '1970-01-01'),
    ('month', date_trunc('month', a.created_at AT TIME ZONE coalesce(tz, 'UTC'))::date),
    ('week', date_trunc('week', a.created_at AT TIME ZONE coalesce(tz, 'UTC'))::date)
  ) AS p(period, period_start)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (period, period_start, user_id) DO UPDATE SET points = t.points + EXCLUDED.points;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER point_totals_add
  AFTER INSERT ON point_transactions
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION point_totals_add();
--> statement-breakpoint
-- Backfill from the ledger as it stands, in the default zone (the server rebuilds on another APP_TIMEZONE).
INSERT INTO point_totals (period, period_start, user_id, points)
SELECT p.period, p.period_start, a.user_id, sum(a.points)
FROM point_transactions a
CROSS JOIN LATERAL (VALUES
  ('all', DATE '1970-01-01'),
  ('month', date_trunc('month', a.created_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date),
  ('week', date_trunc('week', a.created_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date)
) AS p(period, period_start)
GROUP BY 1, 2, 3;
