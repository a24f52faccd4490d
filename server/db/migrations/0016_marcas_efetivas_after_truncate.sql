-- usuarios.marcas_efetivas (migration 0014) after a TRUNCATE of one of the tables it is made of:
-- row triggers and statement triggers with transition tables do not fire on TRUNCATE, which would
-- leave every user's column as it was. Links only go away, so the users whose column is not empty
-- are computed again (marcas_efetivas_atualizar locks and computes them as for any other change).
CREATE FUNCTION "marcas_efetivas_apos_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM marcas_efetivas_atualizar(array(SELECT id FROM usuarios WHERE marcas_efetivas <> '{}'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "usuario_marcas_efetivas_truncate" AFTER TRUNCATE ON "usuario_marcas"
  FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_apos_truncate();--> statement-breakpoint
CREATE TRIGGER "usuario_dealers_marcas_efetivas_truncate" AFTER TRUNCATE ON "usuario_dealers"
  FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_apos_truncate();--> statement-breakpoint
CREATE TRIGGER "dealer_marcas_efetivas_truncate" AFTER TRUNCATE ON "dealer_marcas"
  FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_apos_truncate();
