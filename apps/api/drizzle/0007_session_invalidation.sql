-- Hand-written (docs/decisions/2026-11-24-running-totals-and-session-cache.md): every server caches
-- resolved sessions for a few seconds, and forgets them when told on the channel
-- `panel_session_invalidate`. The triggers say it from the database itself, so every writer (the API
-- of any instance, the CLI, a manual UPDATE) is covered; NOTIFY is delivered when the transaction
-- commits. Payload: a user id, or '*' for everyone (a branch renamed changes every cached branch_name).
CREATE OR REPLACE FUNCTION panel_session_invalidate() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'branches' THEN
    PERFORM pg_notify('panel_session_invalidate', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('panel_session_invalidate', OLD.user_id::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('panel_session_invalidate', NEW.id::text);
  ELSE
    PERFORM pg_notify('panel_session_invalidate', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A session ends (revoked_at set); last_seen_at alone changes nothing the cache relies on.
CREATE TRIGGER sessions_invalidate
  AFTER UPDATE OF revoked_at, expires_at, user_id ON sessions
  FOR EACH ROW EXECUTE FUNCTION panel_session_invalidate();
--> statement-breakpoint
CREATE TRIGGER sessions_delete_invalidate
  AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION panel_session_invalidate();
--> statement-breakpoint
CREATE TRIGGER users_invalidate
  AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION panel_session_invalidate();
--> statement-breakpoint
CREATE TRIGGER branches_invalidate
  AFTER UPDATE OF name ON branches
  FOR EACH STATEMENT EXECUTE FUNCTION panel_session_invalidate();
