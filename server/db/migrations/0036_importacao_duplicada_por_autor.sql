-- An import's content is refused twice from one author only: one index over every author told a
-- manufacturer of brand A that someone (maybe of brand B) had imported exactly that sheet, and
-- refused it to them.
DROP INDEX "importacoes_sha256_index";--> statement-breakpoint
CREATE UNIQUE INDEX "importacoes_autor_id_sha256_index" ON "importacoes" USING btree ("autor_id","sha256");