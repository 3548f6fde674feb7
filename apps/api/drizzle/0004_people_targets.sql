CREATE INDEX "brands_name_sort_idx" ON "brands" USING btree (f_unaccent(lower("name")),"id");--> statement-breakpoint
CREATE INDEX "brands_code_trgm_idx" ON "brands" USING gin (f_unaccent(lower("code")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_name_trgm_idx" ON "brands" USING gin (f_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_business_name_sort_idx" ON "suppliers" USING btree (f_unaccent(lower("business_name")),"id");--> statement-breakpoint
CREATE INDEX "suppliers_code_trgm_idx" ON "suppliers" USING gin (f_unaccent(lower("code")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_business_name_trgm_idx" ON "suppliers" USING gin (f_unaccent(lower("business_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "survey_responses_user_created_idx" ON "survey_responses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "monthly_target_units_supplier_id_idx" ON "monthly_target_units" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "monthly_target_units_brand_id_idx" ON "monthly_target_units" USING btree ("brand_id");