CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"ip" text,
	"request_id" text,
	"route" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" bigint,
	"changes" jsonb NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'delete'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
-- Hand-written below (docs/decisions/2026-11-24-audit-trail.md). The audit trail is append-only,
-- like the points ledger (0002): no UPDATE, DELETE or TRUNCATE, whoever asks.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'P0001'; END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- One audit row per row written, in the writer's transaction, when the transaction names an
-- administrator: the API sets app.actor_id (and app.actor_email, app.ip, app.request_id, app.route)
-- with set_config(..., true) around every admin write (plugins/audit.ts). Sellers' writes, start-up
-- and background work set no actor and are not recorded. `changes` holds only the fields that differ:
-- {field: {before, after}}. Trigger arguments name columns: 'secret:<col>' is recorded as
-- "[oculto]" (null stays null, so a change still shows), 'skip:<col>' is left out (generated).
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  actor text := current_setting('app.actor_id', true);
  old_row jsonb;
  new_row jsonb;
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
  FOR col IN SELECT jsonb_object_keys(coalesce(new_row, old_row)) LOOP
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
  INSERT INTO audit_log (actor_id, actor_email, ip, request_id, route, action, entity, entity_id, changes)
  VALUES (
    actor::integer,
    nullif(current_setting('app.actor_email', true), ''),
    nullif(current_setting('app.ip', true), ''),
    nullif(current_setting('app.request_id', true), ''),
    nullif(current_setting('app.route', true), ''),
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    TG_TABLE_NAME,
    (coalesce(new_row, old_row) ->> 'id')::bigint,
    changes
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every business table. Not audited: sessions (sign-ins, not records; revocations follow the
-- audited user change that caused them), point_totals and point_totals_settings (derived by
-- triggers from the ledger), row_counts (kept by triggers), push_jobs (delivery queue), app_settings
-- (keys made at start-up).
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION audit_row('secret:password_hash', 'skip:name_key');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON branches
  FOR EACH ROW EXECUTE FUNCTION audit_row('secret:connection_string_enc');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON push_subscriptions
  FOR EACH ROW EXECUTE FUNCTION audit_row('secret:p256dh', 'secret:auth', 'secret:endpoint');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON suppliers FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON brands FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON event_types FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON notification_types FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON notifications FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON notification_reads FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON point_actions FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT ON point_transactions FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON posts FOR EACH ROW EXECUTE FUNCTION audit_row('skip:content_key');
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON post_images FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON post_likes FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON post_comments FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON stories FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON story_views FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON surveys FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON survey_questions FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON survey_responses FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON survey_answers FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON monthly_volumes FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON monthly_target_units FOR EACH ROW EXECUTE FUNCTION audit_row();
