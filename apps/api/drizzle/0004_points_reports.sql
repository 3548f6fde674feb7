CREATE INDEX "point_transactions_created_user_points_idx" ON "point_transactions" USING btree ("created_at","user_id","points");--> statement-breakpoint
CREATE INDEX "point_transactions_action_created_idx" ON "point_transactions" USING btree ("point_action_id","created_at");--> statement-breakpoint
CREATE INDEX "point_transactions_description_trgm_idx" ON "point_transactions" USING gin (f_unaccent(lower("description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "post_comments_created_at_idx" ON "post_comments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "post_likes_created_at_idx" ON "post_likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "story_views_viewed_at_idx" ON "story_views" USING btree ("viewed_at");