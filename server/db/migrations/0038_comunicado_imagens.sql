CREATE TABLE "comunicado_imagens" (
	"comunicado_id" integer NOT NULL,
	"arquivo_id" integer NOT NULL,
	CONSTRAINT "comunicado_imagens_comunicado_id_arquivo_id_pk" PRIMARY KEY("comunicado_id","arquivo_id")
);
--> statement-breakpoint
ALTER TABLE "comunicado_imagens" ADD CONSTRAINT "comunicado_imagens_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_imagens" ADD CONSTRAINT "comunicado_imagens_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comunicado_imagens_arquivo_id_index" ON "comunicado_imagens" USING btree ("arquivo_id");--> statement-breakpoint
-- The images the messages already saved show (queries.ts `imagensDaMensagem` lists them at each save from now on).
INSERT INTO "comunicado_imagens" ("comunicado_id", "arquivo_id")
SELECT DISTINCT c.id, a.id FROM "comunicados" c
  CROSS JOIN regexp_matches(c.mensagem, '/api/comunicados/imagens/([0-9]{1,9})/', 'g') AS m(g)
  JOIN "arquivos" a ON a.id = (m.g[1])::int AND a.chave LIKE 'comunicados/%';
