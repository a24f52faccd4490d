-- A manufacturer sees the manufacturer and dealer-group users who share one of their brands, own or
-- through a dealer the user works at (usuarioScope, server/authz/scope.ts). Tested per user, that is
-- two correlated EXISTS over three link tables; a users search at 100,000 users tests thousands of
-- candidates. marcas_efetivas holds what the rule reads, per user: their brands and those of every
-- dealer they are linked to (active or not, as the rule), sorted, once each. The rule is then one
-- array overlap on the row the search reads anyway.
ALTER TABLE "usuarios" ADD COLUMN "marcas_efetivas" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Recomputes the users `ids` (duplicates allowed) from the link tables, writing only those that
-- change (an unchanged row is not rewritten). Their rows are locked first and computed in the next
-- statement, which under READ COMMITTED takes a new snapshot: a concurrent change of the same users
-- has committed by then and is seen, instead of being overwritten by a value computed before it.
CREATE FUNCTION "marcas_efetivas_atualizar"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM usuarios WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE usuarios SET marcas_efetivas = e.marcas
  FROM (
    SELECT alvo.id, coalesce(l.marcas, '{}') AS marcas
    FROM (SELECT DISTINCT unnest(ids) AS id) alvo
    LEFT JOIN (
      SELECT x.usuario_id, array_agg(DISTINCT x.marca_id ORDER BY x.marca_id) AS marcas
      FROM (
        SELECT um.usuario_id, um.marca_id FROM usuario_marcas um WHERE um.usuario_id = ANY (ids)
        UNION ALL
        SELECT ud.usuario_id, dm.marca_id FROM usuario_dealers ud JOIN dealer_marcas dm ON dm.dealer_id = ud.dealer_id
        WHERE ud.usuario_id = ANY (ids)
      ) x
      GROUP BY x.usuario_id
    ) l ON l.usuario_id = alvo.id
  ) e
  WHERE usuarios.id = e.id AND usuarios.marcas_efetivas IS DISTINCT FROM e.marcas;
END $$;--> statement-breakpoint
-- usuario_marcas and usuario_dealers: the users of the rows written, once per statement (a set, not
-- a trigger per row), whichever code path writes them (saves, imports, seeds, cascades).
CREATE FUNCTION "marcas_efetivas_por_usuario"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM marcas_efetivas_atualizar(array(SELECT usuario_id FROM novas));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM marcas_efetivas_atualizar(array(SELECT usuario_id FROM antigas));
  ELSE
    PERFORM marcas_efetivas_atualizar(array(SELECT usuario_id FROM novas UNION SELECT usuario_id FROM antigas));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- dealer_marcas: the users of the dealers written. First their users as this statement sees them
-- are locked (a save of one of them in flight commits first); then the dealers, FOR UPDATE, which
-- the foreign-key check of a user being linked to one of them meanwhile (FOR KEY SHARE on the
-- dealer) waits for, or which waits for such a check; then the users are read again and computed,
-- so a link committed in between is seen, and a link written after waits and sees the new brands.
-- In that order a user's save (which holds the user's row and checks the dealer's key) and a
-- dealer's save (which holds the dealer's row, without blocking key checks, until FOR UPDATE) do
-- not wait for each other in a cycle.
CREATE FUNCTION "marcas_efetivas_por_dealer"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := array(SELECT DISTINCT dealer_id FROM novas);
  ELSIF TG_OP = 'DELETE' THEN
    changed := array(SELECT DISTINCT dealer_id FROM antigas);
  ELSE
    changed := array(SELECT dealer_id FROM novas UNION SELECT dealer_id FROM antigas);
  END IF;
  IF cardinality(changed) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM usuarios WHERE id IN (SELECT ud.usuario_id FROM usuario_dealers ud WHERE ud.dealer_id = ANY (changed))
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM dealers WHERE id = ANY (changed) ORDER BY id FOR UPDATE;
  PERFORM marcas_efetivas_atualizar(array(SELECT ud.usuario_id FROM usuario_dealers ud WHERE ud.dealer_id = ANY (changed)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A trigger with transition tables has one event, hence three per table.
CREATE TRIGGER "usuario_marcas_efetivas_ins" AFTER INSERT ON "usuario_marcas"
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_por_usuario();--> statement-breakpoint
CREATE TRIGGER "usuario_marcas_efetivas_upd" AFTER UPDATE ON "usuario_marcas"
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_por_usuario();--> statement-breakpoint
CREATE TRIGGER "usuario_marcas_efetivas_del" AFTER DELETE ON "usuario_marcas"
  REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_por_usuario();--> statement-breakpoint
CREATE TRIGGER "usuario_dealers_marcas_efetivas_ins" AFTER INSERT ON "usuario_dealers"
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_por_usuario();--> statement-breakpoint
CREATE TRIGGER "usuario_dealers_marcas_efetivas_upd" AFTER UPDATE ON "usuario_dealers"
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_por_usuario();--> statement-breakpoint
CREATE TRIGGER "usuario_dealers_marcas_efetivas_del" AFTER DELETE ON "usuario_dealers"
  REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_por_usuario();--> statement-breakpoint
CREATE TRIGGER "dealer_marcas_efetivas_ins" AFTER INSERT ON "dealer_marcas"
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_por_dealer();--> statement-breakpoint
CREATE TRIGGER "dealer_marcas_efetivas_upd" AFTER UPDATE ON "dealer_marcas"
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_por_dealer();--> statement-breakpoint
CREATE TRIGGER "dealer_marcas_efetivas_del" AFTER DELETE ON "dealer_marcas"
  REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION marcas_efetivas_por_dealer();--> statement-breakpoint
-- The users already there, in one pass.
UPDATE "usuarios" SET "marcas_efetivas" = e.marcas
FROM (
  SELECT x.usuario_id, array_agg(DISTINCT x.marca_id ORDER BY x.marca_id) AS marcas
  FROM (
    SELECT usuario_id, marca_id FROM usuario_marcas
    UNION ALL
    SELECT ud.usuario_id, dm.marca_id FROM usuario_dealers ud JOIN dealer_marcas dm ON dm.dealer_id = ud.dealer_id
  ) x
  GROUP BY x.usuario_id
) e
WHERE "usuarios"."id" = e.usuario_id;
