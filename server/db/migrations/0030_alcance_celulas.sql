CREATE TABLE "audiencia_celulas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audiencia_celulas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" "tipo_usuario" NOT NULL,
	"marcas" integer[] NOT NULL,
	"dealers" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comunicado_alcance" (
	"comunicado_id" integer NOT NULL,
	"celula_id" integer NOT NULL,
	"destinatarios" integer DEFAULT 0 NOT NULL,
	"lidos" integer DEFAULT 0 NOT NULL,
	"confirmados" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "comunicado_alcance_comunicado_id_celula_id_pk" PRIMARY KEY("comunicado_id","celula_id")
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "celula_id" integer;--> statement-breakpoint
ALTER TABLE "comunicado_envios" ADD COLUMN "celula_id" integer;--> statement-breakpoint
ALTER TABLE "comunicado_alcance" ADD CONSTRAINT "comunicado_alcance_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_alcance" ADD CONSTRAINT "comunicado_alcance_celula_id_audiencia_celulas_id_fk" FOREIGN KEY ("celula_id") REFERENCES "public"."audiencia_celulas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audiencia_celulas_tipo_marcas_dealers_index" ON "audiencia_celulas" USING btree ("tipo","marcas","dealers");--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_celula_id_audiencia_celulas_id_fk" FOREIGN KEY ("celula_id") REFERENCES "public"."audiencia_celulas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The reach report (issue #31) of a manufacturer reads ~1,000,000 deliveries among millions; summed
-- per announcement and audience cell instead, it reads a few thousand rows. A cell is the users
-- sharing a type, effective brands and dealers: everything the report's scope and filters read.
-- A user's cell, from the user's type, marcas_efetivas and dealers (sorted, once each).
CREATE FUNCTION "celulas_de"(ids integer[]) RETURNS TABLE (id integer, tipo tipo_usuario, marcas integer[], dealers integer[])
LANGUAGE sql STABLE AS $$
  SELECT u.id, u.tipo, u.marcas_efetivas,
    coalesce((SELECT array_agg(DISTINCT ud.dealer_id ORDER BY ud.dealer_id) FROM usuario_dealers ud
      WHERE ud.usuario_id = u.id), '{}')
  FROM usuarios u WHERE u.id = ANY (ids)
$$;--> statement-breakpoint
-- Puts the users `ids` in their cells, creating the cells not there yet (a concurrent creator of
-- the same cell is waited for by ON CONFLICT; the update's new snapshot then sees its cell).
CREATE FUNCTION "celulas_atualizar"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO audiencia_celulas (tipo, marcas, dealers)
  SELECT DISTINCT c.tipo, c.marcas, c.dealers FROM celulas_de(ids) c
  ON CONFLICT DO NOTHING;
  UPDATE usuarios SET celula_id = cel.id
  FROM celulas_de(ids) c
  JOIN audiencia_celulas cel ON cel.tipo = c.tipo AND cel.marcas = c.marcas AND cel.dealers = c.dealers
  WHERE usuarios.id = c.id AND usuarios.celula_id IS DISTINCT FROM cel.id;
END $$;--> statement-breakpoint
-- Migration 0014's function, ending with the users' cells: every change of a user's brands or
-- dealers (usuario_marcas, usuario_dealers, dealer_marcas) passes here.
CREATE OR REPLACE FUNCTION "marcas_efetivas_atualizar"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
  PERFORM celulas_atualizar(ids);
END $$;--> statement-breakpoint
CREATE FUNCTION "celulas_por_usuario_novo"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM celulas_atualizar(array(SELECT id FROM novas));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "usuarios_celula_ins" AFTER INSERT ON "usuarios"
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION celulas_por_usuario_novo();--> statement-breakpoint
-- A change of type (rare: a column list allows no transition table, so one row at a time).
CREATE FUNCTION "celula_por_tipo"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM celulas_atualizar(ARRAY[NEW.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "usuarios_celula_tipo" AFTER UPDATE OF "tipo" ON "usuarios"
  FOR EACH ROW WHEN (OLD.tipo IS DISTINCT FROM NEW.tipo) EXECUTE FUNCTION celula_por_tipo();--> statement-breakpoint
SELECT celulas_atualizar(array(SELECT id FROM usuarios));--> statement-breakpoint
-- A delivery is counted in its recipient's cell at the time it was delivered (the send writes it;
-- any other insert takes the user's here, one row at a time, only when it is missing).
CREATE FUNCTION "comunicado_envios_celula"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.celula_id := (SELECT u.celula_id FROM usuarios u WHERE u.id = NEW.usuario_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "comunicado_envios_celula" BEFORE INSERT ON "comunicado_envios"
  FOR EACH ROW WHEN (NEW.celula_id IS NULL) EXECUTE FUNCTION comunicado_envios_celula();--> statement-breakpoint
UPDATE comunicado_envios e SET celula_id = u.celula_id FROM usuarios u WHERE u.id = e.usuario_id;--> statement-breakpoint
INSERT INTO comunicado_alcance (comunicado_id, celula_id, destinatarios, lidos, confirmados)
SELECT comunicado_id, celula_id, count(*), count(lido_em), count(confirmado_em)
FROM comunicado_envios WHERE celula_id IS NOT NULL GROUP BY comunicado_id, celula_id;--> statement-breakpoint
-- The summary follows every write of the deliveries, once per statement (the send's INSERT ...
-- SELECT, a read, "mark unread", an errata's reset, a user's deletion), in key order (no deadlock
-- between two statements bumping the same rows).
CREATE FUNCTION "comunicado_alcance_contar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO comunicado_alcance AS a (comunicado_id, celula_id, destinatarios, lidos, confirmados)
    SELECT comunicado_id, celula_id, count(*), count(lido_em), count(confirmado_em)
    FROM novas WHERE celula_id IS NOT NULL GROUP BY comunicado_id, celula_id ORDER BY comunicado_id, celula_id
    ON CONFLICT (comunicado_id, celula_id) DO UPDATE SET destinatarios = a.destinatarios + excluded.destinatarios,
      lidos = a.lidos + excluded.lidos, confirmados = a.confirmados + excluded.confirmados;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE comunicado_alcance a SET destinatarios = a.destinatarios - d.destinatarios, lidos = a.lidos - d.lidos,
      confirmados = a.confirmados - d.confirmados
    FROM (
      SELECT comunicado_id, celula_id, count(*)::int AS destinatarios, count(lido_em)::int AS lidos,
        count(confirmado_em)::int AS confirmados
      FROM antigas WHERE celula_id IS NOT NULL GROUP BY comunicado_id, celula_id ORDER BY comunicado_id, celula_id
    ) d
    WHERE a.comunicado_id = d.comunicado_id AND a.celula_id = d.celula_id;
  ELSE
    INSERT INTO comunicado_alcance AS a (comunicado_id, celula_id, destinatarios, lidos, confirmados)
    SELECT comunicado_id, celula_id, sum(n), sum(lido), sum(confirmado)
    FROM (
      SELECT comunicado_id, celula_id, 1 AS n, (lido_em IS NOT NULL)::int AS lido,
        (confirmado_em IS NOT NULL)::int AS confirmado FROM novas
      UNION ALL
      SELECT comunicado_id, celula_id, -1, -(lido_em IS NOT NULL)::int, -(confirmado_em IS NOT NULL)::int FROM antigas
    ) x
    WHERE celula_id IS NOT NULL
    GROUP BY comunicado_id, celula_id
    HAVING sum(n) <> 0 OR sum(lido) <> 0 OR sum(confirmado) <> 0
    ORDER BY comunicado_id, celula_id
    ON CONFLICT (comunicado_id, celula_id) DO UPDATE SET destinatarios = a.destinatarios + excluded.destinatarios,
      lidos = a.lidos + excluded.lidos, confirmados = a.confirmados + excluded.confirmados;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "comunicado_alcance_ins" AFTER INSERT ON "comunicado_envios"
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION comunicado_alcance_contar();--> statement-breakpoint
CREATE TRIGGER "comunicado_alcance_upd" AFTER UPDATE ON "comunicado_envios"
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION comunicado_alcance_contar();--> statement-breakpoint
CREATE TRIGGER "comunicado_alcance_del" AFTER DELETE ON "comunicado_envios"
  REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION comunicado_alcance_contar();
