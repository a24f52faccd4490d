CREATE TABLE "ausencias_temporarias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ausencias_temporarias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"inicio" date NOT NULL,
	"retorno" date NOT NULL,
	"fim_operacao" date,
	"motivo" text NOT NULL,
	"justificativa" text NOT NULL,
	"local" text,
	"arquivo_id" integer,
	"substituto_id" integer,
	"autor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "ausencias_temporarias_periodo" CHECK ("ausencias_temporarias"."retorno" >= "ausencias_temporarias"."inicio")
);
--> statement-breakpoint
CREATE TABLE "arquivos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "arquivos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chave" text NOT NULL,
	"nome" text NOT NULL,
	"tipo_mime" text NOT NULL,
	"tamanho" bigint NOT NULL,
	"sha256" text NOT NULL,
	"autor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arquivos_chave_unique" UNIQUE("chave")
);
--> statement-breakpoint
ALTER TABLE "ausencias_temporarias" ADD CONSTRAINT "ausencias_temporarias_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ausencias_temporarias" ADD CONSTRAINT "ausencias_temporarias_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ausencias_temporarias" ADD CONSTRAINT "ausencias_temporarias_substituto_id_usuarios_id_fk" FOREIGN KEY ("substituto_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ausencias_temporarias" ADD CONSTRAINT "ausencias_temporarias_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arquivos" ADD CONSTRAINT "arquivos_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ausencias_temporarias_usuario_id_inicio_index" ON "ausencias_temporarias" USING btree ("usuario_id","inicio");--> statement-breakpoint
CREATE INDEX "ausencias_temporarias_arquivo_id_index" ON "ausencias_temporarias" USING btree ("arquivo_id");--> statement-breakpoint
CREATE INDEX "ausencias_temporarias_substituto_id_index" ON "ausencias_temporarias" USING btree ("substituto_id");--> statement-breakpoint
CREATE INDEX "arquivos_autor_id_index" ON "arquivos" USING btree ("autor_id");--> statement-breakpoint
-- Hand-written (drizzle cannot express it): two absences of one user never overlap, refused by the
-- database itself, so concurrent saves cannot both pass a check made before inserting.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "ausencias_temporarias" ADD CONSTRAINT "ausencias_temporarias_sem_sobreposicao" EXCLUDE USING gist ("usuario_id" WITH =, daterange("inicio", "retorno", '[]') WITH &&);
