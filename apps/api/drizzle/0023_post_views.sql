CREATE TABLE "post_view_counts" (
	"post_id" integer NOT NULL,
	"branch_key" integer NOT NULL,
	"seen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_view_counts_post_id_branch_key_pk" PRIMARY KEY("post_id","branch_key")
);
--> statement-breakpoint
CREATE TABLE "post_views" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_views_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "post_view_counts" ADD CONSTRAINT "post_view_counts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_views_post_viewed_idx" ON "post_views" USING btree ("post_id","viewed_at");--> statement-breakpoint
CREATE INDEX "post_views_user_idx" ON "post_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_active_sellers_branch_idx" ON "users" USING btree ("branch_id") WHERE "users"."role" = 'seller' AND "users"."active";--> statement-breakpoint
-- Hand-written below (docs/decisions/2026-12-03-views.md). post_view_counts.seen is N of "Vista por N de M"
-- per branch of the viewers (branch_key, 0 without one): the views of the post by active sellers of its audience (its branch's, or all for branch_id NULL), the
-- rule of apps/api/src/services/posts/reach.ts (inAudience); test/api/content/post-views.test.ts checks
-- that the kept count and a count of the rows agree after views, deactivation, a change of branch and a delete.
-- New views: one statement for a whole batch, the posts in id order (two batches lock alike).
CREATE OR REPLACE FUNCTION post_views_count_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO post_view_counts AS c (post_id, branch_key, seen)
  SELECT a.post_id, COALESCE(u.branch_id, 0), count(*)::int
    FROM added a JOIN users u ON u.id = a.user_id JOIN posts p ON p.id = a.post_id
   WHERE u.role = 'seller' AND u.active AND (p.branch_id IS NULL OR u.branch_id = p.branch_id)
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (post_id, branch_key) DO UPDATE SET seen = c.seen + EXCLUDED.seen;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER post_views_count_added AFTER INSERT ON post_views
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION post_views_count_added();
--> statement-breakpoint
-- A seller who stops counting (deactivated, moved, no longer a seller, deleted) takes their views off the
-- posts they counted for; one who starts counting puts them back. Rare (an administrator's change).
CREATE OR REPLACE FUNCTION users_post_view_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.role = 'seller' AND OLD.active THEN
    UPDATE post_view_counts c SET seen = c.seen - 1
      FROM post_views v JOIN posts p ON p.id = v.post_id
     WHERE v.user_id = OLD.id AND c.post_id = v.post_id AND c.branch_key = COALESCE(OLD.branch_id, 0)
       AND (p.branch_id IS NULL OR p.branch_id = OLD.branch_id);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.role = 'seller' AND NEW.active THEN
    INSERT INTO post_view_counts AS c (post_id, branch_key, seen)
    SELECT v.post_id, COALESCE(NEW.branch_id, 0), 1 FROM post_views v JOIN posts p ON p.id = v.post_id
     WHERE v.user_id = NEW.id AND (p.branch_id IS NULL OR p.branch_id = NEW.branch_id)
     ORDER BY v.post_id
    ON CONFLICT (post_id, branch_key) DO UPDATE SET seen = c.seen + 1;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD; -- a BEFORE trigger: the delete goes ahead
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_post_view_counts AFTER UPDATE OF role, active, branch_id ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.active IS DISTINCT FROM NEW.active
    OR OLD.branch_id IS DISTINCT FROM NEW.branch_id)
  EXECUTE FUNCTION users_post_view_counts();
--> statement-breakpoint
CREATE TRIGGER users_post_view_counts_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_post_view_counts();
