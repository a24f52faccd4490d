ALTER TABLE "notificacao_destinatarios" DROP CONSTRAINT "notificacao_destinatarios_usuario_id_usuarios_id_fk";
--> statement-breakpoint
ALTER TABLE "notificacao_destinatarios" DROP CONSTRAINT "notificacao_destinatarios_notificacao_id_notificacoes_id_fk";
--> statement-breakpoint
ALTER TABLE "comunicado_envios" DROP CONSTRAINT "comunicado_envios_usuario_id_usuarios_id_fk";
--> statement-breakpoint
ALTER TABLE "comunicado_envios" DROP CONSTRAINT "comunicado_envios_comunicado_id_comunicados_id_fk";
--> statement-breakpoint
-- The two tables a send fills with a row per recipient (100,000 rows in one INSERT ... SELECT) check
-- their keys once per statement instead of by foreign keys: a foreign key checks and locks its
-- parent row once per row, which was 60% of a send to 100,000 users (on PGlite 4.2 s of which
-- 2.6 s; with one anti-join per statement 1.8 s). The checks raise what a foreign key raises
-- (23503, with a constraint name), and the deletions a foreign key cascaded are done per statement
-- as well. What a foreign key's row lock added, that a parent cannot go while a child is written,
-- the writers hold otherwise: users are never deleted (they are inactivated), deliveries are written
-- by the send after it claimed its announcement's row (a deletion of the announcement waits for it),
-- and a notification's recipients in the statement that creates it.
-- One function serves every key: its trigger's arguments are, per key, the column, the parent
-- table (keyed by `id`) and the constraint name the error carries.
CREATE FUNCTION "chaves_conferir"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ausente boolean;
BEGIN
  FOR i IN 0 .. TG_NARGS / 3 - 1 LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM novas n WHERE NOT EXISTS (SELECT 1 FROM %I p WHERE p.id = n.%I))',
      TG_ARGV[i * 3 + 1], TG_ARGV[i * 3]) INTO ausente;
    IF ausente THEN
      RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_ARGV[i * 3 + 2]
        USING ERRCODE = 'foreign_key_violation', TABLE = TG_TABLE_NAME, CONSTRAINT = TG_ARGV[i * 3 + 2];
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Named to run first: a table's triggers of one kind run in name order, and the reach summary's,
-- which writes a row per announcement, would otherwise raise its own error.
CREATE TRIGGER "chaves_comunicado_envios" AFTER INSERT ON "comunicado_envios"
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION chaves_conferir(
    'usuario_id', 'usuarios', 'comunicado_envios_usuario_id_usuarios_id_fk',
    'comunicado_id', 'comunicados', 'comunicado_envios_comunicado_id_comunicados_id_fk');--> statement-breakpoint
CREATE TRIGGER "chaves_notificacao_destinatarios" AFTER INSERT ON "notificacao_destinatarios"
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION chaves_conferir(
    'usuario_id', 'usuarios', 'notificacao_destinatarios_usuario_id_usuarios_id_fk',
    'notificacao_id', 'notificacoes', 'notificacao_destinatarios_notificacao_id_notificacoes_id_fk');--> statement-breakpoint
-- The keys never change (reading, archiving and confirming change other columns): an update of one
-- is refused, so the insert's check holds for the row's life.
CREATE FUNCTION "chaves_imutaveis"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the keys of table "%" never change', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "comunicado_envios_chaves_imutaveis" BEFORE UPDATE ON "comunicado_envios" FOR EACH ROW
  WHEN (OLD.usuario_id <> NEW.usuario_id OR OLD.comunicado_id <> NEW.comunicado_id)
  EXECUTE FUNCTION chaves_imutaveis();--> statement-breakpoint
CREATE TRIGGER "notificacao_destinatarios_chaves_imutaveis" BEFORE UPDATE ON "notificacao_destinatarios" FOR EACH ROW
  WHEN (OLD.usuario_id <> NEW.usuario_id OR OLD.notificacao_id <> NEW.notificacao_id)
  EXECUTE FUNCTION chaves_imutaveis();--> statement-breakpoint
-- What ON DELETE CASCADE did, once per statement: the trigger's arguments are, per child, its table
-- and the column naming the deleted rows' `id`.
CREATE FUNCTION "filhos_apagar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
    EXECUTE format('DELETE FROM %I WHERE %I IN (SELECT id FROM antigos)', TG_ARGV[i * 2], TG_ARGV[i * 2 + 1]);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "usuarios_apagados" AFTER DELETE ON "usuarios" REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION filhos_apagar('comunicado_envios', 'usuario_id', 'notificacao_destinatarios', 'usuario_id');--> statement-breakpoint
CREATE TRIGGER "comunicados_apagados" AFTER DELETE ON "comunicados" REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION filhos_apagar('comunicado_envios', 'comunicado_id');--> statement-breakpoint
CREATE TRIGGER "notificacoes_apagadas" AFTER DELETE ON "notificacoes" REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION filhos_apagar('notificacao_destinatarios', 'notificacao_id');
