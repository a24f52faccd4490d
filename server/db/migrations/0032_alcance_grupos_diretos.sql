DROP INDEX "audiencia_celulas_tipo_marcas_dealers_index";--> statement-breakpoint
ALTER TABLE "audiencia_celulas" ADD COLUMN "grupos" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audiencia_celulas_tipo_marcas_dealers_grupos_index" ON "audiencia_celulas" USING btree ("tipo","marcas","dealers","grupos");--> statement-breakpoint
-- A dealer group reaches the users of its dealers and those named in it directly (usuario_grupos,
-- as the audience engine reads it). The cells now hold the latter too, so the dashboard's roll-up by
-- dealer group and the reach report's group level and filter sum cells instead of reading every
-- recipient's groups.
DROP FUNCTION "celulas_de"(integer[]);--> statement-breakpoint
CREATE FUNCTION "celulas_de"(ids integer[])
RETURNS TABLE (id integer, tipo tipo_usuario, marcas integer[], dealers integer[], grupos integer[])
LANGUAGE sql STABLE AS $$
  SELECT u.id, u.tipo, u.marcas_efetivas,
    coalesce((SELECT array_agg(DISTINCT ud.dealer_id ORDER BY ud.dealer_id) FROM usuario_dealers ud
      WHERE ud.usuario_id = u.id), '{}'),
    coalesce((SELECT array_agg(DISTINCT ug.grupo_id ORDER BY ug.grupo_id) FROM usuario_grupos ug
      WHERE ug.usuario_id = u.id), '{}')
  FROM usuarios u WHERE u.id = ANY (ids)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "celulas_atualizar"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO audiencia_celulas (tipo, marcas, dealers, grupos)
  SELECT DISTINCT c.tipo, c.marcas, c.dealers, c.grupos FROM celulas_de(ids) c
  ON CONFLICT DO NOTHING;
  UPDATE usuarios SET celula_id = cel.id
  FROM celulas_de(ids) c
  JOIN audiencia_celulas cel ON cel.tipo = c.tipo AND cel.marcas = c.marcas AND cel.dealers = c.dealers
    AND cel.grupos = c.grupos
  WHERE usuarios.id = c.id AND usuarios.celula_id IS DISTINCT FROM cel.id;
END $$;--> statement-breakpoint
-- usuario_grupos: the users of the rows written, once per statement, locked in id order first (as
-- marcas_efetivas_atualizar does) so two statements on the same users do not deadlock. Not migration
-- 0014's marcas_efetivas_por_usuario: a user's groups never change their brands, and recomputing them
-- on every write of usuario_grupos took the 10,000-row import bench from 1,009-1,077 to 608-970 rows/s.
CREATE FUNCTION "celulas_por_grupo_direto"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := array(SELECT usuario_id FROM novas);
  ELSIF TG_OP = 'DELETE' THEN
    ids := array(SELECT usuario_id FROM antigas);
  ELSE
    ids := array(SELECT usuario_id FROM novas UNION SELECT usuario_id FROM antigas);
  END IF;
  PERFORM 1 FROM usuarios WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  PERFORM celulas_atualizar(ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "usuario_grupos_celula_ins" AFTER INSERT ON "usuario_grupos"
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION celulas_por_grupo_direto();--> statement-breakpoint
CREATE TRIGGER "usuario_grupos_celula_upd" AFTER UPDATE ON "usuario_grupos"
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION celulas_por_grupo_direto();--> statement-breakpoint
CREATE TRIGGER "usuario_grupos_celula_del" AFTER DELETE ON "usuario_grupos"
  REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION celulas_por_grupo_direto();--> statement-breakpoint
SELECT celulas_atualizar(array(SELECT DISTINCT usuario_id FROM usuario_grupos));--> statement-breakpoint
-- The deliveries made before: counted in the cell they had then (type, brands, dealers) with the
-- groups their recipient is named in now (the summary follows by its update trigger). Only where
-- that changes a figure: a recipient named only in groups of their cell's dealers (the usual case)
-- is counted in those groups already, so the millions of such deliveries are not rewritten.
CREATE TEMPORARY TABLE "envios_grupos" AS
  SELECT e.comunicado_id, e.usuario_id, oc.tipo, oc.marcas, oc.dealers, g.grupos
  FROM comunicado_envios e
  JOIN audiencia_celulas oc ON oc.id = e.celula_id
  JOIN (SELECT usuario_id, array_agg(DISTINCT grupo_id ORDER BY grupo_id) AS grupos FROM usuario_grupos
    GROUP BY usuario_id) g ON g.usuario_id = e.usuario_id
  WHERE oc.grupos <> g.grupos
    AND NOT g.grupos <@ array(SELECT dg.grupo_id FROM dealer_grupos dg WHERE dg.dealer_id = ANY (oc.dealers));--> statement-breakpoint
INSERT INTO audiencia_celulas (tipo, marcas, dealers, grupos)
  SELECT DISTINCT tipo, marcas, dealers, grupos FROM envios_grupos ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE comunicado_envios e SET celula_id = cel.id
  FROM envios_grupos x
  JOIN audiencia_celulas cel ON cel.tipo = x.tipo AND cel.marcas = x.marcas AND cel.dealers = x.dealers
    AND cel.grupos = x.grupos
  WHERE e.comunicado_id = x.comunicado_id AND e.usuario_id = x.usuario_id;--> statement-breakpoint
DROP TABLE "envios_grupos";
