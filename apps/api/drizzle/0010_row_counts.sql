CREATE TABLE "row_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "posts_content_trgm_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_key" text GENERATED ALWAYS AS (f_unaccent(lower("content"))) STORED;--> statement-breakpoint
CREATE INDEX "posts_content_key_trgm_idx" ON "posts" USING gin ("content_key" gin_trgm_ops);--> statement-breakpoint
-- Hand-written (docs/performance.md, API): row counts kept by statement-level triggers in the
-- writing transaction, read by the dashboard summary and the posts list instead of counting the
-- tables. `posts` and `events` count every row; `active_sellers` the users with role seller and
-- active. A statement that changes no count takes no lock; TRUNCATE deletes the counter (no row = 0).
CREATE OR REPLACE FUNCTION row_counts_add(counter text, delta bigint) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO row_counts AS c (name, n) VALUES (counter, delta)
  ON CONFLICT (name) DO UPDATE SET n = c.n + EXCLUDED.n
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_rows() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE name = TG_TABLE_NAME;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM added;
  ELSE
    SELECT -count(*) INTO delta FROM removed;
  END IF;
  IF delta <> 0 THEN
    PERFORM row_counts_add(TG_TABLE_NAME, delta);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_active_sellers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE name = 'active_sellers';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM added WHERE role = 'seller' AND active);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM removed WHERE role = 'seller' AND active);
  END IF;
  IF delta <> 0 THEN
    PERFORM row_counts_add('active_sellers', delta);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_count_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_rows();
--> statement-breakpoint
CREATE TRIGGER posts_count_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION row_counts_rows();
--> statement-breakpoint
CREATE TRIGGER posts_count_truncate AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_rows();
--> statement-breakpoint
CREATE TRIGGER events_count_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_rows();
--> statement-breakpoint
CREATE TRIGGER events_count_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION row_counts_rows();
--> statement-breakpoint
CREATE TRIGGER events_count_truncate AFTER TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_rows();
--> statement-breakpoint
CREATE TRIGGER users_active_sellers_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_active_sellers();
--> statement-breakpoint
CREATE TRIGGER users_active_sellers_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_active_sellers();
--> statement-breakpoint
CREATE TRIGGER users_active_sellers_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION row_counts_active_sellers();
--> statement-breakpoint
CREATE TRIGGER users_active_sellers_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_active_sellers();
--> statement-breakpoint
-- Backfill. The triggers above locked the three tables against writes until this commits.
INSERT INTO row_counts (name, n)
SELECT 'posts', count(*) FROM posts
UNION ALL SELECT 'events', count(*) FROM events
UNION ALL SELECT 'active_sellers', count(*) FROM users WHERE role = 'seller' AND active;
