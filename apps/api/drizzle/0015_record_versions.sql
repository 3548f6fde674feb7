ALTER TABLE "branches" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_types" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "point_actions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Hand-written below (docs/decisions/2026-11-26-record-versions.md). A record's version rises by
-- one on every UPDATE that changes the row, whoever writes it; an UPDATE that changes nothing
-- leaves it alone. Trigger arguments name columns that are not part of the record as edited:
-- generated columns (NULL in a BEFORE trigger) and secrets nobody sees (a seller's own new
-- password must not turn an administrator's open form stale). A statement may set `version` to
-- touch a record whose other parts changed (survey questions, below): it still ends at OLD + 1.
CREATE OR REPLACE FUNCTION row_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  ignored text[] := coalesce(TG_ARGV::text[], '{}'::text[]) || '{version}'::text[];
BEGIN
  IF NEW.version = OLD.version AND (to_jsonb(NEW) - ignored) = (to_jsonb(OLD) - ignored) THEN
    RETURN NEW;
  END IF;
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER row_version BEFORE UPDATE ON branches FOR EACH ROW EXECUTE FUNCTION row_version();
--> statement-breakpoint
CREATE TRIGGER row_version BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION row_version('name_key', 'password_hash');
--> statement-breakpoint
CREATE TRIGGER row_version BEFORE UPDATE ON suppliers FOR EACH ROW EXECUTE FUNCTION row_version();
--> statement-breakpoint
CREATE TRIGGER row_version BEFORE UPDATE ON brands FOR EACH ROW EXECUTE FUNCTION row_version();
--> statement-breakpoint
CREATE TRIGGER row_version BEFORE UPDATE ON notification_types FOR EACH ROW EXECUTE FUNCTION row_version();
--> statement-breakpoint
CREATE TRIGGER row_version BEFORE UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION row_version();
--> statement-breakpoint
CREATE TRIGGER row_version BEFORE UPDATE ON event_types FOR EACH ROW EXECUTE FUNCTION row_version();
--> statement-breakpoint
CREATE TRIGGER row_version BEFORE UPDATE ON events FOR EACH ROW EXECUTE FUNCTION row_version();
--> statement-breakpoint
CREATE TRIGGER row_version BEFORE UPDATE ON point_actions FOR EACH ROW EXECUTE FUNCTION row_version();
--> statement-breakpoint
CREATE TRIGGER row_version BEFORE UPDATE ON surveys FOR EACH ROW EXECUTE FUNCTION row_version();
--> statement-breakpoint
-- A survey is its row and its questions: a question added, changed or removed touches the survey,
-- so its version moves too (several times in one save: only "changed since" matters).
CREATE OR REPLACE FUNCTION survey_questions_touch_survey() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE surveys SET version = version + 1 WHERE id = OLD.survey_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.survey_id <> OLD.survey_id) THEN
    UPDATE surveys SET version = version + 1 WHERE id = NEW.survey_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER survey_questions_touch_survey AFTER INSERT OR UPDATE OR DELETE ON survey_questions
  FOR EACH ROW EXECUTE FUNCTION survey_questions_touch_survey();
--> statement-breakpoint
-- The audit trail records what an administrator changed, not the counter that follows it (a
-- question's touch alone leaves no survey row in the trail).
DROP TRIGGER audit_row ON users;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION audit_row('secret:password_hash', 'skip:name_key', 'skip:version');
--> statement-breakpoint
DROP TRIGGER audit_row ON branches;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON branches
  FOR EACH ROW EXECUTE FUNCTION audit_row('secret:connection_string_enc', 'skip:version');
--> statement-breakpoint
DROP TRIGGER audit_row ON suppliers;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON suppliers FOR EACH ROW EXECUTE FUNCTION audit_row('skip:version');
--> statement-breakpoint
DROP TRIGGER audit_row ON brands;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON brands FOR EACH ROW EXECUTE FUNCTION audit_row('skip:version');
--> statement-breakpoint
DROP TRIGGER audit_row ON notification_types;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON notification_types FOR EACH ROW EXECUTE FUNCTION audit_row('skip:version');
--> statement-breakpoint
DROP TRIGGER audit_row ON notifications;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON notifications FOR EACH ROW EXECUTE FUNCTION audit_row('skip:version');
--> statement-breakpoint
DROP TRIGGER audit_row ON event_types;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON event_types FOR EACH ROW EXECUTE FUNCTION audit_row('skip:version');
--> statement-breakpoint
DROP TRIGGER audit_row ON events;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION audit_row('skip:version');
--> statement-breakpoint
DROP TRIGGER audit_row ON point_actions;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON point_actions FOR EACH ROW EXECUTE FUNCTION audit_row('skip:version');
--> statement-breakpoint
DROP TRIGGER audit_row ON surveys;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON surveys FOR EACH ROW EXECUTE FUNCTION audit_row('skip:version');
