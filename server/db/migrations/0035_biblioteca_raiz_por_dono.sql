-- The library's root holds one name per owner, not one for the whole portal: a root shared by every
-- brand refused a name another brand's private folder held, and so told a manager of brand A which
-- private folders brand B had (and let one brand take a name first). Inside a folder, one name still.
DROP INDEX "biblioteca_itens_nome_key";--> statement-breakpoint
CREATE UNIQUE INDEX "biblioteca_itens_nome_key" ON "biblioteca_itens" USING btree (coalesce("pasta_pai_id", 0),(case when "pasta_pai_id" is null then "proprietario_id" else 0 end),fold("nome"));