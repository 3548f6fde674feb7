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
CREATE INDEX "notifications_message_trgm_idx" ON "notifications" USING gin (f_unaccent(lower("message")) gin_trgm_ops);