-- The embedded database keeps each signed-in user's session row between requests
-- (server/auth/sessionCache.ts): one process owns it, and a statement there costs about 0.7 ms,
-- as much as the request's own work. Whatever a session is made of changing (the user's e-mail,
-- name, type, language, active state, sessions-ended mark, removal, function keys) sends a
-- notification on channel `sessoes` at commit, and the process drops what it kept. Only a
-- connection that asks for it (`portal.avisar_sessoes = on`, PGlite's one connection) notifies:
-- on a PostgreSQL server every request reads its session and NOTIFY's commit-time lock is not paid.
CREATE FUNCTION "sessoes_mudaram"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.avisar_sessoes', true) = 'on' THEN
    PERFORM pg_notify('sessoes', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "usuarios_sessoes_mudaram"
  AFTER UPDATE OF email, nome, tipo, idioma, active, sessoes_encerradas_em OR DELETE OR TRUNCATE ON "usuarios"
  FOR EACH STATEMENT EXECUTE FUNCTION sessoes_mudaram();--> statement-breakpoint
CREATE TRIGGER "usuario_funcionalidades_sessoes_mudaram"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "usuario_funcionalidades"
  FOR EACH STATEMENT EXECUTE FUNCTION sessoes_mudaram();--> statement-breakpoint
CREATE TRIGGER "funcionalidades_sessoes_mudaram"
  AFTER UPDATE OR DELETE OR TRUNCATE ON "funcionalidades"
  FOR EACH STATEMENT EXECUTE FUNCTION sessoes_mudaram();
