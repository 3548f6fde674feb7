CREATE INDEX "survey_answers_question_id_idx" ON "survey_answers" USING btree ("question_id","id");--> statement-breakpoint
CREATE INDEX "surveys_created_id_idx" ON "surveys" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "surveys_title_trgm_idx" ON "surveys" USING gin (f_unaccent(lower("title")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "surveys_description_trgm_idx" ON "surveys" USING gin (f_unaccent(lower("description")) gin_trgm_ops);