ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
-- Hand-written below (issue 30, section 4; docs/decisions/2026-12-03-sessions-visible-and-endable.md).
-- Ending a session is audited: only revocations (UPDATE OF revoked_at), never the sign-in's insert nor
-- the last_seen_at touches, and only inside an audited transaction (audit_row() needs app.actor_id).
-- A revocation that follows a user change (deactivation, new password) goes into that user's entry.
CREATE TRIGGER audit_row AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION audit_row('secret:token_hash');
