CREATE TABLE "comunicado_arquivos" (
	"comunicado_id" integer NOT NULL,
	"arquivo_id" integer NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "comunicado_arquivos_comunicado_id_arquivo_id_pk" PRIMARY KEY("comunicado_id","arquivo_id")
);
--> statement-breakpoint
CREATE TABLE "comunicado_emails" (
	"comunicado_id" integer NOT NULL,
	"email" text NOT NULL,
	"avulso" boolean DEFAULT false NOT NULL,
	"usuario_id" integer,
	"status" text,
	"erro" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone,
	"enviado_em" timestamp with time zone,
	CONSTRAINT "comunicado_emails_comunicado_id_email_pk" PRIMARY KEY("comunicado_id","email")
);
--> statement-breakpoint
CREATE TABLE "comunicado_envios" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "comunicado_envios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"comunicado_id" integer NOT NULL,
	"lido_em" timestamp with time zone,
	"confirmado_em" timestamp with time zone,
	"arquivado" boolean DEFAULT false NOT NULL,
	"favorito" boolean DEFAULT false NOT NULL,
	CONSTRAINT "comunicado_envios_usuario_id_id_pk" PRIMARY KEY("usuario_id","id")
);
--> statement-breakpoint
CREATE TABLE "comunicado_etiquetas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comunicado_etiquetas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comunicado_etiquetas_comunicados" (
	"comunicado_id" integer NOT NULL,
	"etiqueta_id" integer NOT NULL,
	CONSTRAINT "comunicado_etiquetas_comunicados_comunicado_id_etiqueta_id_pk" PRIMARY KEY("comunicado_id","etiqueta_id")
);
--> statement-breakpoint
CREATE TABLE "comunicado_grupos" (
	"comunicado_id" integer NOT NULL,
	"grupo_usuarios_id" integer NOT NULL,
	CONSTRAINT "comunicado_grupos_comunicado_id_grupo_usuarios_id_pk" PRIMARY KEY("comunicado_id","grupo_usuarios_id")
);
--> statement-breakpoint
CREATE TABLE "comunicado_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comunicado_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"prefixo" text NOT NULL,
	"contador" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"autor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comunicado_usuarios_removidos" (
	"comunicado_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "comunicado_usuarios_removidos_comunicado_id_usuario_id_pk" PRIMARY KEY("comunicado_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "comunicados" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comunicados_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"estado" text DEFAULT 'RASCUNHO' NOT NULL,
	"titulo" text NOT NULL,
	"mensagem" text NOT NULL,
	"departamento_id" integer,
	"autor_id" integer NOT NULL,
	"aprovador_id" integer,
	"decidido_por_id" integer,
	"decidido_em" timestamp with time zone,
	"motivo_rejeicao" text,
	"submetido_em" timestamp with time zone,
	"agendado_para" timestamp with time zone,
	"enviado_em" timestamp with time zone,
	"remetente_id" integer,
	"serie_id" integer,
	"numero" integer,
	"id_parent" integer,
	"justificativa" text,
	"renotificar" boolean DEFAULT true NOT NULL,
	"reiniciar_leitura" boolean DEFAULT false NOT NULL,
	"exige_confirmacao" boolean DEFAULT false NOT NULL,
	"template_name" text,
	"destinatarios" integer,
	"notificacao_id" integer,
	"lembrado_em" timestamp with time zone,
	"arquivado" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "comunicados_errata_justificativa" CHECK ("comunicados"."id_parent" is null or "comunicados"."justificativa" is not null)
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "aceita_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "comunicado_arquivos" ADD CONSTRAINT "comunicado_arquivos_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_arquivos" ADD CONSTRAINT "comunicado_arquivos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_emails" ADD CONSTRAINT "comunicado_emails_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_emails" ADD CONSTRAINT "comunicado_emails_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_envios" ADD CONSTRAINT "comunicado_envios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_envios" ADD CONSTRAINT "comunicado_envios_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_etiquetas_comunicados" ADD CONSTRAINT "comunicado_etiquetas_comunicados_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_etiquetas_comunicados" ADD CONSTRAINT "comunicado_etiquetas_comunicados_etiqueta_id_comunicado_etiquetas_id_fk" FOREIGN KEY ("etiqueta_id") REFERENCES "public"."comunicado_etiquetas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_grupos" ADD CONSTRAINT "comunicado_grupos_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_grupos" ADD CONSTRAINT "comunicado_grupos_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_series" ADD CONSTRAINT "comunicado_series_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_usuarios_removidos" ADD CONSTRAINT "comunicado_usuarios_removidos_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_usuarios_removidos" ADD CONSTRAINT "comunicado_usuarios_removidos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_departamento_id_departamentos_id_fk" FOREIGN KEY ("departamento_id") REFERENCES "public"."departamentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_aprovador_id_usuarios_id_fk" FOREIGN KEY ("aprovador_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_decidido_por_id_usuarios_id_fk" FOREIGN KEY ("decidido_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_remetente_id_usuarios_id_fk" FOREIGN KEY ("remetente_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_serie_id_comunicado_series_id_fk" FOREIGN KEY ("serie_id") REFERENCES "public"."comunicado_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_id_parent_comunicados_id_fk" FOREIGN KEY ("id_parent") REFERENCES "public"."comunicados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_notificacao_id_notificacoes_id_fk" FOREIGN KEY ("notificacao_id") REFERENCES "public"."notificacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comunicado_arquivos_arquivo_id_index" ON "comunicado_arquivos" USING btree ("arquivo_id");--> statement-breakpoint
CREATE INDEX "comunicado_emails_fila" ON "comunicado_emails" USING btree ("comunicado_id") WHERE "comunicado_emails"."status" = 'FILA';--> statement-breakpoint
CREATE UNIQUE INDEX "comunicado_envios_comunicado_usuario_key" ON "comunicado_envios" USING btree ("comunicado_id","usuario_id");--> statement-breakpoint
CREATE INDEX "comunicado_envios_nao_lidos" ON "comunicado_envios" USING btree ("usuario_id","arquivado") WHERE "comunicado_envios"."lido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "comunicado_etiquetas_nome_key" ON "comunicado_etiquetas" USING btree (fold("nome"));--> statement-breakpoint
CREATE INDEX "comunicado_etiquetas_comunicados_etiqueta_id_comunicado_id_index" ON "comunicado_etiquetas_comunicados" USING btree ("etiqueta_id","comunicado_id");--> statement-breakpoint
CREATE INDEX "comunicado_grupos_grupo_usuarios_id_index" ON "comunicado_grupos" USING btree ("grupo_usuarios_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comunicado_series_prefixo_key" ON "comunicado_series" USING btree (fold("prefixo"));--> statement-breakpoint
CREATE INDEX "comunicados_autor_id_estado_created_at_index" ON "comunicados" USING btree ("autor_id","estado","created_at");--> statement-breakpoint
CREATE INDEX "comunicados_aprovador_id_index" ON "comunicados" USING btree ("aprovador_id") WHERE "comunicados"."estado" = 'EM_APROVACAO';--> statement-breakpoint
CREATE INDEX "comunicados_agendado_para_index" ON "comunicados" USING btree ("agendado_para") WHERE "comunicados"."estado" = 'AGENDADO';--> statement-breakpoint
CREATE INDEX "comunicados_id_parent_index" ON "comunicados" USING btree ("id_parent");--> statement-breakpoint
CREATE UNIQUE INDEX "comunicados_serie_numero_key" ON "comunicados" USING btree ("serie_id","numero") WHERE "comunicados"."numero" is not null;