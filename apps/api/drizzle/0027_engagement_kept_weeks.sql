CREATE TABLE "app_last_visits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_visit_week_counts" (
	"week" date NOT NULL,
	"prev_week" date NOT NULL,
	"branch_key" integer NOT NULL,
	"sellers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_visit_week_counts_week_prev_week_branch_key_pk" PRIMARY KEY("week","prev_week","branch_key")
);
--> statement-breakpoint
CREATE TABLE "app_visit_weeks" (
	"user_id" integer NOT NULL,
	"week" date NOT NULL,
	"prev_week" date NOT NULL,
	CONSTRAINT "app_visit_weeks_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
CREATE TABLE "engagement_week_counts" (
	"week" date NOT NULL,
	"branch_key" integer NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"seen" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "engagement_week_counts_week_branch_key_pk" PRIMARY KEY("week","branch_key")
);
--> statement-breakpoint
ALTER TABLE "app_last_visits" ADD CONSTRAINT "app_last_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_visit_weeks" ADD CONSTRAINT "app_visit_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written below (docs/decisions/2026-12-04-engagement-kept-weeks.md). Participación's kept tables,
-- the rules of apps/api/src/services/engagement/report.ts: a seller counts while role = 'seller' AND active,
-- in today's branch (branch_key, 0 without one). test/api/engagement/kept-weeks.test.ts compares every kept
-- table with a count of the raw rows after visits, views, likes, comments, moves, deactivation,
-- reactivation, a change of role and deletions. Weeks start on Monday; a visit's week comes from its
-- business day, a view's, like's or comment's from its time in the zone of point_totals_settings (the
-- business time zone the server last started with; services/points/totals.ts rebuilds both when it changes).
CREATE OR REPLACE FUNCTION engagement_zone() RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce((SELECT time_zone FROM point_totals_settings WHERE id = 1), 'America/Argentina/Buenos_Aires') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engagement_week(at timestamptz, zone text) RETURNS date
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT date_trunc('week', at AT TIME ZONE zone)::date $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engagement_day_week(day date) RETURNS date
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT date_trunc('week', day::timestamp)::date $$;
--> statement-breakpoint
-- New visits (one row per seller and day; a batch from the demo or a backfill alike): the seller's last
-- day; the weeks new to the seller (active + 1 in the seller's branch) with their previous week; and every
-- previous week of the sellers concerned set again (a week may arrive out of order, or several at once),
-- app_visit_week_counts following each change. The upsert on app_last_visits comes first: it locks the
-- seller's row, so two instances noting the same seller wait for each other.
CREATE OR REPLACE FUNCTION app_visits_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO app_last_visits AS l (user_id, day)
  SELECT user_id, max(day) FROM added GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET day = greatest(l.day, EXCLUDED.day);
  WITH fresh AS (
    INSERT INTO app_visit_weeks AS w (user_id, week, prev_week)
    SELECT a.user_id, a.week,
           coalesce((SELECT max(p.week) FROM app_visit_weeks p WHERE p.user_id = a.user_id AND p.week < a.week),
                    '-infinity')
      FROM (SELECT DISTINCT user_id, engagement_day_week(day) AS week FROM added) a
     ORDER BY 1, 2
    ON CONFLICT (user_id, week) DO NOTHING
    RETURNING w.user_id, w.week, w.prev_week
  ),
  counted AS (
    SELECT f.week, f.prev_week, coalesce(u.branch_id, 0) AS branch_key
      FROM fresh f JOIN users u ON u.id = f.user_id
     WHERE u.role = 'seller' AND u.active
  ),
  weeks AS (
    INSERT INTO app_visit_week_counts AS c (week, prev_week, branch_key, sellers)
    SELECT week, prev_week, branch_key, count(*)::int FROM counted GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (week, prev_week, branch_key) DO UPDATE SET sellers = c.sellers + EXCLUDED.sellers
  )
  INSERT INTO engagement_week_counts AS c (week, branch_key, active)
  SELECT week, branch_key, count(*)::int FROM counted GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (week, branch_key) DO UPDATE SET active = c.active + EXCLUDED.active;
  -- Only a week inserted before a seller's later ones, or several weeks of one seller at once, change
  -- anything here (the usual new week is the seller's last, with its previous week already right).
  WITH x AS (
    SELECT v.user_id, v.week, v.prev_week AS old_prev,
           coalesce(lag(v.week) OVER (PARTITION BY v.user_id ORDER BY v.week), '-infinity') AS new_prev
      FROM app_visit_weeks v WHERE v.user_id IN (SELECT user_id FROM added)
  ),
  changed AS (
    UPDATE app_visit_weeks w SET prev_week = x.new_prev
      FROM x WHERE w.user_id = x.user_id AND w.week = x.week AND x.old_prev <> x.new_prev
    RETURNING w.user_id, w.week, x.old_prev, x.new_prev
  )
  INSERT INTO app_visit_week_counts AS c (week, prev_week, branch_key, sellers)
  SELECT d.week, d.prev_week, coalesce(u.branch_id, 0), sum(d.n)::int
    FROM (SELECT user_id, week, old_prev AS prev_week, -1 AS n FROM changed
          UNION ALL SELECT user_id, week, new_prev, 1 FROM changed) d
    JOIN users u ON u.id = d.user_id
   WHERE u.role = 'seller' AND u.active
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (week, prev_week, branch_key) DO UPDATE SET sellers = c.sellers + EXCLUDED.sellers;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_visits_added AFTER INSERT ON app_visits
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION app_visits_added();
--> statement-breakpoint
-- Views, likes and comments added or removed (a delete, an unlike, a deleted post's cascade): + or − 1 in
-- the week and branch of a counted seller. A deleted seller's rows go by cascade after the seller, when
-- the join finds nobody: users_engagement_counts took them off before.
CREATE OR REPLACE FUNCTION engagement_rows_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  zone text := engagement_zone();
  sign int := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  IF TG_TABLE_NAME = 'post_views' THEN
    INSERT INTO engagement_week_counts AS c (week, branch_key, seen)
    SELECT engagement_week(r.viewed_at, zone), coalesce(u.branch_id, 0), sign * count(*)::int
      FROM changed r JOIN users u ON u.id = r.user_id
     WHERE u.role = 'seller' AND u.active GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (week, branch_key) DO UPDATE SET seen = c.seen + EXCLUDED.seen;
  ELSIF TG_TABLE_NAME = 'post_likes' THEN
    INSERT INTO engagement_week_counts AS c (week, branch_key, likes)
    SELECT engagement_week(r.created_at, zone), coalesce(u.branch_id, 0), sign * count(*)::int
      FROM changed r JOIN users u ON u.id = r.user_id
     WHERE u.role = 'seller' AND u.active GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (week, branch_key) DO UPDATE SET likes = c.likes + EXCLUDED.likes;
  ELSE
    INSERT INTO engagement_week_counts AS c (week, branch_key, comments)
    SELECT engagement_week(r.created_at, zone), coalesce(u.branch_id, 0), sign * count(*)::int
      FROM changed r JOIN users u ON u.id = r.user_id
     WHERE u.role = 'seller' AND u.active GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (week, branch_key) DO UPDATE SET comments = c.comments + EXCLUDED.comments;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER post_views_engagement_added AFTER INSERT ON post_views
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engagement_rows_changed();
--> statement-breakpoint
CREATE TRIGGER post_views_engagement_removed AFTER DELETE ON post_views
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engagement_rows_changed();
--> statement-breakpoint
CREATE TRIGGER post_likes_engagement_added AFTER INSERT ON post_likes
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engagement_rows_changed();
--> statement-breakpoint
CREATE TRIGGER post_likes_engagement_removed AFTER DELETE ON post_likes
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engagement_rows_changed();
--> statement-breakpoint
CREATE TRIGGER post_comments_engagement_added AFTER INSERT ON post_comments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engagement_rows_changed();
--> statement-breakpoint
CREATE TRIGGER post_comments_engagement_removed AFTER DELETE ON post_comments
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engagement_rows_changed();
--> statement-breakpoint
-- One seller's share of engagement_week_counts, per week: the weeks they were active, the posts they saw,
-- their likes and comments.
CREATE OR REPLACE FUNCTION engagement_seller_weeks(seller int, zone text)
  RETURNS TABLE (week date, active int, seen int, likes int, comments int)
  LANGUAGE sql STABLE
  AS $$
  SELECT x.week, sum(x.a)::int, sum(x.s)::int, sum(x.l)::int, sum(x.c)::int FROM (
    SELECT w.week, 1 AS a, 0 AS s, 0 AS l, 0 AS c FROM app_visit_weeks w WHERE w.user_id = seller
    UNION ALL SELECT engagement_week(v.viewed_at, zone), 0, 1, 0, 0 FROM post_views v WHERE v.user_id = seller
    UNION ALL SELECT engagement_week(l.created_at, zone), 0, 0, 1, 0 FROM post_likes l WHERE l.user_id = seller
    UNION ALL SELECT engagement_week(c.created_at, zone), 0, 0, 0, 1 FROM post_comments c WHERE c.user_id = seller
  ) x GROUP BY x.week
$$;
--> statement-breakpoint
-- A seller who stops counting (deactivated, moved, no longer a seller, deleted) takes their share off their
-- old branch's weeks; one who starts counting puts it on the new one. Rare (an administrator's change).
CREATE OR REPLACE FUNCTION users_engagement_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  zone text := engagement_zone();
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.role = 'seller' AND OLD.active THEN
    INSERT INTO app_visit_week_counts AS c (week, prev_week, branch_key, sellers)
    SELECT w.week, w.prev_week, coalesce(OLD.branch_id, 0), -1 FROM app_visit_weeks w
     WHERE w.user_id = OLD.id ORDER BY 1, 2
    ON CONFLICT (week, prev_week, branch_key) DO UPDATE SET sellers = c.sellers + EXCLUDED.sellers;
    INSERT INTO engagement_week_counts AS c (week, branch_key, active, seen, likes, comments)
    SELECT s.week, coalesce(OLD.branch_id, 0), -s.active, -s.seen, -s.likes, -s.comments
      FROM engagement_seller_weeks(OLD.id, zone) s ORDER BY 1
    ON CONFLICT (week, branch_key) DO UPDATE SET active = c.active + EXCLUDED.active,
      seen = c.seen + EXCLUDED.seen, likes = c.likes + EXCLUDED.likes, comments = c.comments + EXCLUDED.comments;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.role = 'seller' AND NEW.active THEN
    INSERT INTO app_visit_week_counts AS c (week, prev_week, branch_key, sellers)
    SELECT w.week, w.prev_week, coalesce(NEW.branch_id, 0), 1 FROM app_visit_weeks w
     WHERE w.user_id = NEW.id ORDER BY 1, 2
    ON CONFLICT (week, prev_week, branch_key) DO UPDATE SET sellers = c.sellers + EXCLUDED.sellers;
    INSERT INTO engagement_week_counts AS c (week, branch_key, active, seen, likes, comments)
    SELECT s.week, coalesce(NEW.branch_id, 0), s.active, s.seen, s.likes, s.comments
      FROM engagement_seller_weeks(NEW.id, zone) s ORDER BY 1
    ON CONFLICT (week, branch_key) DO UPDATE SET active = c.active + EXCLUDED.active,
      seen = c.seen + EXCLUDED.seen, likes = c.likes + EXCLUDED.likes, comments = c.comments + EXCLUDED.comments;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD; -- a BEFORE trigger: the delete goes ahead
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_engagement_counts AFTER UPDATE OF role, active, branch_id ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.active IS DISTINCT FROM NEW.active
    OR OLD.branch_id IS DISTINCT FROM NEW.branch_id)
  EXECUTE FUNCTION users_engagement_counts();
--> statement-breakpoint
CREATE TRIGGER users_engagement_counts_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_engagement_counts();
--> statement-breakpoint
-- Every kept table again from the raw rows, the weeks in `zone`: this migration's backfill, and
-- services/points/totals.ts when the server starts with another APP_TIMEZONE (in its transaction, the
-- writers locked out).
CREATE OR REPLACE FUNCTION engagement_rebuild(zone text) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  LOCK TABLE users, app_visits, post_views, post_likes, post_comments IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM app_last_visits;
  DELETE FROM app_visit_weeks;
  DELETE FROM app_visit_week_counts;
  DELETE FROM engagement_week_counts;
  INSERT INTO app_last_visits (user_id, day) SELECT user_id, max(day) FROM app_visits GROUP BY user_id;
  INSERT INTO app_visit_weeks (user_id, week, prev_week)
  SELECT user_id, week, coalesce(lag(week) OVER (PARTITION BY user_id ORDER BY week), '-infinity')
    FROM (SELECT DISTINCT user_id, engagement_day_week(day) AS week FROM app_visits) v;
  INSERT INTO app_visit_week_counts (week, prev_week, branch_key, sellers)
  SELECT w.week, w.prev_week, coalesce(u.branch_id, 0), count(*)::int
    FROM app_visit_weeks w JOIN users u ON u.id = w.user_id
   WHERE u.role = 'seller' AND u.active
   GROUP BY 1, 2, 3;
  INSERT INTO engagement_week_counts (week, branch_key, active, seen, likes, comments)
  SELECT x.week, coalesce(u.branch_id, 0), sum(x.a)::int, sum(x.s)::int, sum(x.l)::int, sum(x.c)::int
    FROM (
      SELECT w.user_id, w.week, 1 AS a, 0 AS s, 0 AS l, 0 AS c FROM app_visit_weeks w
      UNION ALL SELECT v.user_id, engagement_week(v.viewed_at, zone), 0, 1, 0, 0 FROM post_views v
      UNION ALL SELECT l.user_id, engagement_week(l.created_at, zone), 0, 0, 1, 0 FROM post_likes l
      UNION ALL SELECT c.user_id, engagement_week(c.created_at, zone), 0, 0, 0, 1 FROM post_comments c
    ) x JOIN users u ON u.id = x.user_id
   WHERE u.role = 'seller' AND u.active
   GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT engagement_rebuild(engagement_zone());
