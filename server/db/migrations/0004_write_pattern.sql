CREATE TABLE "dealer_cnpjs" (
	"cnpj" text PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealers" DROP CONSTRAINT "dealers_nomeExibicao_unique";--> statement-breakpoint
ALTER TABLE "divisoes" DROP CONSTRAINT "divisoes_nome_unique";--> statement-breakpoint
ALTER TABLE "marcas" DROP CONSTRAINT "marcas_nome_unique";--> statement-breakpoint
ALTER TABLE "cargos" DROP CONSTRAINT "cargos_nome_unique";--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "grupos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_cnpjs" ADD CONSTRAINT "dealer_cnpjs_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealer_cnpjs_dealer_id_index" ON "dealer_cnpjs" USING btree ("dealer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dealers_nome_exibicao_fold_key" ON "dealers" USING btree (fold("nome_exibicao"));--> statement-breakpoint
CREATE UNIQUE INDEX "divisoes_nome_fold_key" ON "divisoes" USING btree (fold("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_nome_fold_key" ON "grupos" USING btree (fold("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "marcas_nome_fold_key" ON "marcas" USING btree (fold("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "redes_sociais_nome_fold_key" ON "redes_sociais" USING btree ("marca_id",fold("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "setores_nome_fold_key" ON "setores" USING btree ("divisao_id",fold("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "cargos_nome_fold_key" ON "cargos" USING btree (fold("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "departamentos_nome_fold_key" ON "departamentos" USING btree (fold("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "desligamentos_motivo_fold_key" ON "desligamentos" USING btree (fold("motivo"));--> statement-breakpoint
-- dealer_cnpjs follows every write of a dealer's CNPJs, whichever code path makes it (saves, seeds, syncs).
CREATE FUNCTION "dealer_cnpjs_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dealer_cnpjs WHERE dealer_id = NEW.id;
  INSERT INTO dealer_cnpjs (cnpj, dealer_id)
    SELECT DISTINCT c, NEW.id FROM unnest(NEW.cnpj || NEW.cnpjs_adicionais) AS c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dealer_cnpjs_sync" AFTER INSERT OR UPDATE OF cnpj, cnpjs_adicionais ON "dealers"
  FOR EACH ROW EXECUTE FUNCTION dealer_cnpjs_sync();--> statement-breakpoint
INSERT INTO "dealer_cnpjs" ("cnpj", "dealer_id")
  SELECT DISTINCT ON (c) c, id FROM "dealers", unnest(cnpj || cnpjs_adicionais) AS c ORDER BY c, id;
