DROP INDEX "users_name_sort_idx";--> statement-breakpoint
DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_key" text GENERATED ALWAYS AS (f_unaccent(lower("name"))) STORED;--> statement-breakpoint
CREATE INDEX "users_name_key_sort_idx" ON "users" USING btree ("name_key","id");--> statement-breakpoint
CREATE INDEX "users_name_key_trgm_idx" ON "users" USING gin ("name_key" gin_trgm_ops);