CREATE TABLE "importacao_linhas" (
	"importacao_id" integer NOT NULL,
	"linha" integer NOT NULL,
	"status" text NOT NULL,
	"usuario_id" integer,
	"email" text,
	"cpf" text,
	"valores" jsonb,
	"motivo" text,
	CONSTRAINT "importacao_linhas_importacao_id_linha_pk" PRIMARY KEY("importacao_id","linha")
);
--> statement-breakpoint
CREATE TABLE "importacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "importacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"autor_id" integer NOT NULL,
	"idioma" "idioma" NOT NULL,
	"nome_arquivo" text NOT NULL,
	"chave" text NOT NULL,
	"tamanho" bigint NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"job_id" bigint,
	"total" integer,
	"processados" integer DEFAULT 0 NOT NULL,
	"ultima_linha" integer DEFAULT 1 NOT NULL,
	"criados" integer DEFAULT 0 NOT NULL,
	"atualizados" integer DEFAULT 0 NOT NULL,
	"erros" integer DEFAULT 0 NOT NULL,
	"linhas_por_segundo" real,
	"cabecalho" jsonb,
	"erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_em" timestamp with time zone,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "importacao_linhas" ADD CONSTRAINT "importacao_linhas_importacao_id_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacao_linhas_importacao_id_email_index" ON "importacao_linhas" USING btree ("importacao_id","email");--> statement-breakpoint
CREATE INDEX "importacao_linhas_importacao_id_cpf_index" ON "importacao_linhas" USING btree ("importacao_id","cpf") WHERE "importacao_linhas"."cpf" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "importacoes_sha256_index" ON "importacoes" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "importacoes_autor_id_id_index" ON "importacoes" USING btree ("autor_id","id");