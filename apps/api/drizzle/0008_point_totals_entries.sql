ALTER TABLE "point_totals" ADD COLUMN "entries" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: the trigger of 0006 also counts the rows it adds, and the counts are backfilled.
CREATE OR REPLACE FUNCTION point_totals_add() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  tz text;
BEGIN
  SELECT time_zone INTO tz FROM point_totals_settings WHERE id = 1;
  INSERT INTO point_totals AS t (period, period_start, user_id, points, entries)
  SELECT p.period, p.period_start, a.user_id, sum(a.points), count(*)
  FROM added a
  CROSS JOIN LATERAL (VALUES
    ('all', DATE '1970-01-01'),
    ('month', date_trunc('month', a.created_at AT TIME ZONE coalesce(tz, 'UTC'))::date),
    ('week', date_trunc('week', a.created_at AT TIME ZONE coalesce(tz, 'UTC'))::date)
  ) AS p(period, period_start)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (period, period_start, user_id)
    DO UPDATE SET points = t.points + EXCLUDED.points, entries = t.entries + EXCLUDED.entries;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE point_totals t SET entries = c.n
FROM (
  SELECT p.period, p.period_start, a.user_id, count(*) AS n
  FROM point_transactions a
  CROSS JOIN point_totals_settings s
  CROSS JOIN LATERAL (VALUES
    ('all', DATE '1970-01-01'),
    ('month', date_trunc('month', a.created_at AT TIME ZONE s.time_zone)::date),
    ('week', date_trunc('week', a.created_at AT TIME ZONE s.time_zone)::date)
  ) AS p(period, period_start)
  WHERE s.id = 1
  GROUP BY 1, 2, 3
) c
WHERE t.period = c.period AND t.period_start = c.period_start AND t.user_id = c.user_id;
