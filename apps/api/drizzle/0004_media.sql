CREATE INDEX "post_images_storage_key_idx" ON "post_images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "posts_content_trgm_idx" ON "posts" USING gin (f_unaccent(lower("content")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stories_image_key_idx" ON "stories" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "story_views_story_viewed_idx" ON "story_views" USING btree ("story_id","viewed_at");