-- A seller may edit their own comment from the community app (issue 23): when its text last changed.
ALTER TABLE "post_comments" ADD COLUMN "edited_at" timestamp with time zone;
