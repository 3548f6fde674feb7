CREATE INDEX "brands_name_sort_idx" ON "brands" USING btree (f_unaccent(lower("name")),"id");--> statement-breakpoint
CREATE INDEX "brands_code_trgm_idx" ON "brands" USING gin (f_unaccent(lower("code")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_name_trgm_idx" ON "brands" USING gin (f_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_business_name_sort_idx" ON "suppliers" USING btree (f_unaccent(lower("business_name")),"id");--> statement-breakpoint
CREATE INDEX "suppliers_code_trgm_idx" ON "suppliers" USING gin (f_unaccent(lower("code")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_business_name_trgm_idx" ON "suppliers" USING gin (f_unaccent(lower("business_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_types_name_sort_idx" ON "event_types" USING btree (f_unaccent(lower("name")),"id");--> statement-breakpoint
CREATE INDEX "event_types_name_trgm_idx" ON "event_types" USING gin (f_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_event_type_id_idx" ON "events" USING btree ("event_type_id");--> statement-breakpoint
CREATE INDEX "events_start_at_id_idx" ON "events" USING btree ("start_at","id");--> statement-breakpoint
CREATE INDEX "events_period_idx" ON "events" USING gist (tstzrange("start_at", "end_at"));--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin (f_unaccent(lower("title")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_description_trgm_idx" ON "events" USING gin (f_unaccent(lower("description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notification_types_name_sort_idx" ON "notification_types" USING btree (f_unaccent(lower("name")),"id");--> statement-breakpoint
CREATE INDEX "notification_types_name_trgm_idx" ON "notification_types" USING gin (f_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_type_id_idx" ON "notifications" USING btree ("notification_type_id");--> statement-breakpoint
CREATE INDEX "notifications_created_at_id_idx" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_title_trgm_idx" ON "notifications" USING gin (f_unaccent(lower("title")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_message_trgm_idx" ON "notifications" USING gin (f_unaccent(lower("message")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "point_transactions_user_action_created_idx" ON "point_transactions" USING btree ("user_id","point_action_id","created_at");--> statement-breakpoint
CREATE INDEX "point_transactions_action_created_idx" ON "point_transactions" USING btree ("point_action_id","created_at");--> statement-breakpoint
CREATE INDEX "point_transactions_created_user_points_idx" ON "point_transactions" USING btree ("created_at","user_id","points");--> statement-breakpoint
CREATE INDEX "point_transactions_description_trgm_idx" ON "point_transactions" USING gin (f_unaccent(lower("description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "post_comments_created_at_idx" ON "post_comments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "post_images_storage_key_idx" ON "post_images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "post_likes_created_at_idx" ON "post_likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_content_trgm_idx" ON "posts" USING gin (f_unaccent(lower("content")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stories_image_key_idx" ON "stories" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "story_views_story_viewed_idx" ON "story_views" USING btree ("story_id","viewed_at");--> statement-breakpoint
CREATE INDEX "story_views_viewed_at_idx" ON "story_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "survey_answers_question_id_idx" ON "survey_answers" USING btree ("question_id","id");--> statement-breakpoint
CREATE INDEX "survey_responses_user_created_idx" ON "survey_responses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "surveys_created_id_idx" ON "surveys" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "surveys_title_trgm_idx" ON "surveys" USING gin (f_unaccent(lower("title")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "surveys_description_trgm_idx" ON "surveys" USING gin (f_unaccent(lower("description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "monthly_target_units_supplier_id_idx" ON "monthly_target_units" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "monthly_target_units_brand_id_idx" ON "monthly_target_units" USING btree ("brand_id");