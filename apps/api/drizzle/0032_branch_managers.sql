ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "branch_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_branch_idx" ON "audit_log" USING btree ("branch_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_manager_branch_check" CHECK ("users"."role" <> 'branch_manager' OR "users"."branch_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('seller', 'admin', 'branch_manager'));