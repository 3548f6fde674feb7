CREATE TABLE "sign_in_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mfa_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_settings_one_row_check" CHECK ("sign_in_settings"."id" = 1)
);
--> statement-breakpoint
-- Requiring a second factor for every panel account is a security decision: audited (issue 30, section 2).
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON sign_in_settings
  FOR EACH ROW EXECUTE FUNCTION audit_row('skip:updated_at');
