-- What the per-request session check remembers of a user (active, roles, assigned venue, session
-- generation) and the ended sessions are told to every API process at commit (NOTIFY on
-- paddock_sessions), whatever changed them, so each process can keep them for long and still
-- refuse an ended session at once (db/notices.ts, security/session-cache.ts).
CREATE FUNCTION paddock_user_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paddock_sessions', 'user:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE OF is_active, roles, assigned_venue_id, session_generation OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION paddock_user_session_changed();
--> statement-breakpoint
CREATE FUNCTION paddock_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paddock_sessions', 'ended');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ended_sessions_added AFTER INSERT ON ended_sessions FOR EACH STATEMENT EXECUTE FUNCTION paddock_session_ended();
