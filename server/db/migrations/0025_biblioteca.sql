-- The library's full-text search (issue #29): accents folded by unaccent (a trusted extension;
-- PGlite loads it in server/db/client.ts), then Portuguese, Spanish and English stemming, one
-- configuration each; a chunk's vector holds all three.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION biblioteca_pt (COPY = portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION biblioteca_pt ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION biblioteca_es (COPY = spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION biblioteca_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION biblioteca_en (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION biblioteca_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TABLE "biblioteca_conteudos" (
	"arquivo_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'PENDENTE' NOT NULL,
	"erro" text,
	"miniatura_chave" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biblioteca_downloads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biblioteca_downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer,
	"nome" text NOT NULL,
	"tamanho" bigint,
	"usuario_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biblioteca_itens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biblioteca_itens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"is_pasta" boolean NOT NULL,
	"pasta_pai_id" integer,
	"arquivo_id" integer,
	"proprietario_id" integer NOT NULL,
	"publico" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "biblioteca_itens_pasta_ou_arquivo" CHECK ("biblioteca_itens"."is_pasta" = ("biblioteca_itens"."arquivo_id" is null)),
	CONSTRAINT "biblioteca_itens_arquivo_em_pasta" CHECK ("biblioteca_itens"."is_pasta" or "biblioteca_itens"."pasta_pai_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "biblioteca_permissoes" (
	"pasta_id" integer NOT NULL,
	"grupo_usuarios_id" integer NOT NULL,
	"permissao" text NOT NULL,
	CONSTRAINT "biblioteca_permissoes_pasta_id_grupo_usuarios_id_pk" PRIMARY KEY("pasta_id","grupo_usuarios_id"),
	CONSTRAINT "biblioteca_permissoes_nivel" CHECK ("biblioteca_permissoes"."permissao" in ('LEITURA', 'LEITURA_ESCRITA'))
);
--> statement-breakpoint
CREATE TABLE "biblioteca_trechos" (
	"arquivo_id" integer NOT NULL,
	"ordem" integer NOT NULL,
	"texto" text NOT NULL,
	"documento" "tsvector" GENERATED ALWAYS AS (to_tsvector('biblioteca_pt', texto) || to_tsvector('biblioteca_es', texto) || to_tsvector('biblioteca_en', texto)) STORED NOT NULL,
	CONSTRAINT "biblioteca_trechos_arquivo_id_ordem_pk" PRIMARY KEY("arquivo_id","ordem")
);
--> statement-breakpoint
ALTER TABLE "biblioteca_conteudos" ADD CONSTRAINT "biblioteca_conteudos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biblioteca_downloads" ADD CONSTRAINT "biblioteca_downloads_item_id_biblioteca_itens_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."biblioteca_itens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biblioteca_downloads" ADD CONSTRAINT "biblioteca_downloads_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biblioteca_itens" ADD CONSTRAINT "biblioteca_itens_pasta_pai_id_biblioteca_itens_id_fk" FOREIGN KEY ("pasta_pai_id") REFERENCES "public"."biblioteca_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biblioteca_itens" ADD CONSTRAINT "biblioteca_itens_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biblioteca_itens" ADD CONSTRAINT "biblioteca_itens_proprietario_id_usuarios_id_fk" FOREIGN KEY ("proprietario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biblioteca_permissoes" ADD CONSTRAINT "biblioteca_permissoes_pasta_id_biblioteca_itens_id_fk" FOREIGN KEY ("pasta_id") REFERENCES "public"."biblioteca_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biblioteca_permissoes" ADD CONSTRAINT "biblioteca_permissoes_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biblioteca_trechos" ADD CONSTRAINT "biblioteca_trechos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biblioteca_downloads_item_id_created_at_index" ON "biblioteca_downloads" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "biblioteca_downloads_created_at_index" ON "biblioteca_downloads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "biblioteca_itens_nome_key" ON "biblioteca_itens" USING btree (coalesce("pasta_pai_id", 0),fold("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "biblioteca_itens_arquivo_key" ON "biblioteca_itens" USING btree ("arquivo_id");--> statement-breakpoint
CREATE INDEX "biblioteca_itens_pasta_pai" ON "biblioteca_itens" USING btree ("pasta_pai_id","is_pasta");--> statement-breakpoint
CREATE INDEX "biblioteca_itens_recentes" ON "biblioteca_itens" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "biblioteca_itens"."is_pasta";--> statement-breakpoint
CREATE INDEX "biblioteca_itens_nome_trgm" ON "biblioteca_itens" USING gin (fold("nome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "biblioteca_itens_proprietario_id_index" ON "biblioteca_itens" USING btree ("proprietario_id");--> statement-breakpoint
CREATE INDEX "biblioteca_permissoes_grupo_usuarios_id_pasta_id_index" ON "biblioteca_permissoes" USING btree ("grupo_usuarios_id","pasta_id");--> statement-breakpoint
CREATE INDEX "biblioteca_trechos_documento" ON "biblioteca_trechos" USING gin ("documento");