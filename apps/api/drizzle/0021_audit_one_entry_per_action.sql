CREATE TABLE "audit_pending" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"xact" bigint DEFAULT txid_current() NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" bigint,
	"changes" jsonb NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "cascade" jsonb;--> statement-breakpoint
CREATE INDEX "audit_pending_xact_idx" ON "audit_pending" USING btree ("xact","seq");--> statement-breakpoint
-- Hand-written below (docs/decisions/2026-12-02-audit-one-entry-per-action.md, issue 28 item 17).
-- audit_row() no longer writes audit_log itself: it stages each written row in audit_pending, with
-- the row (without secrets and generated columns) so the entry can be named, and the API's flush
-- (apps/api/src/services/audit/flush.ts, run by runAudited before the commit) writes one entry per
-- record the action chose, with the rows removed along with it (cascades) inside that entry.
-- Unchanged: it runs only when the transaction names an administrator (app.actor_id), `changes`
-- holds only the fields that differ, secrets read "[oculto]", an update that changes nothing is
-- not recorded.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  actor text := current_setting('app.actor_id', true);
  old_row jsonb;
  new_row jsonb;
  row_data jsonb;
  changes jsonb := '{}'::jsonb;
  col text;
  before_value jsonb;
  after_value jsonb;
BEGIN
  IF actor IS NULL OR actor = '' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  row_data := coalesce(new_row, old_row);
  FOR col IN SELECT jsonb_object_keys(row_data) LOOP
    IF ('skip:' || col) = ANY (TG_ARGV) OR ('secret:' || col) = ANY (TG_ARGV) THEN
      row_data := row_data - col;
    END IF;
    before_value := coalesce(old_row -> col, 'null'::jsonb);
    after_value := coalesce(new_row -> col, 'null'::jsonb);
    CONTINUE WHEN before_value = after_value OR ('skip:' || col) = ANY (TG_ARGV);
    IF ('secret:' || col) = ANY (TG_ARGV) THEN
      IF before_value <> 'null'::jsonb THEN before_value := '"[oculto]"'::jsonb; END IF;
      IF after_value <> 'null'::jsonb THEN after_value := '"[oculto]"'::jsonb; END IF;
    END IF;
    changes := changes || jsonb_build_object(col, jsonb_build_object('before', before_value, 'after', after_value));
  END LOOP;
  IF changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_pending (action, entity, entity_id, changes, "row")
  VALUES (
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    TG_TABLE_NAME,
    (row_data ->> 'id')::bigint,
    changes,
    row_data
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Nothing escapes: a transaction that staged rows and did not turn them into entries (whatever set
-- app.actor_id without the API's flush) fails at its commit instead of losing them.
CREATE OR REPLACE FUNCTION audit_pending_flushed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM audit_pending WHERE seq = NEW.seq) THEN
    RAISE EXCEPTION 'audit_pending: rows staged by the audit trigger were not written as entries (flushAudit)'
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_pending_flushed AFTER INSERT ON audit_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_pending_flushed();
