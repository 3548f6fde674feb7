DROP INDEX "point_totals_rank_idx";--> statement-breakpoint
CREATE INDEX "point_totals_rank_idx" ON "point_totals" USING btree ("period","period_start","points" DESC NULLS LAST,"user_id");