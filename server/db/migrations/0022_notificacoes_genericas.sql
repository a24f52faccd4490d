CREATE TABLE "notificacao_generica_grupos" (
	"notificacao_generica_id" integer NOT NULL,
	"grupo_usuarios_id" integer NOT NULL,
	CONSTRAINT "notificacao_generica_grupos_notificacao_generica_id_grupo_usuarios_id_pk" PRIMARY KEY("notificacao_generica_id","grupo_usuarios_id")
);
--> statement-breakpoint
CREATE TABLE "notificacao_generica_versoes" (
	"notificacao_generica_id" integer NOT NULL,
	"versao" integer NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"link" text,
	"produto_id" integer,
	"autor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notificacao_generica_versoes_notificacao_generica_id_versao_pk" PRIMARY KEY("notificacao_generica_id","versao")
);
--> statement-breakpoint
CREATE TABLE "notificacoes_genericas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notificacoes_genericas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"estado" text DEFAULT 'rascunho' NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"link" text,
	"produto_id" integer,
	"modelo_id" integer,
	"modelo_versao" integer,
	"agendado_para" timestamp with time zone,
	"enviada_em" timestamp with time zone,
	"remetente_id" integer,
	"notificacao_id" integer,
	"destinatarios" integer,
	"autor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notificacao_generica_grupos" ADD CONSTRAINT "notificacao_generica_grupos_notificacao_generica_id_notificacoes_genericas_id_fk" FOREIGN KEY ("notificacao_generica_id") REFERENCES "public"."notificacoes_genericas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_generica_grupos" ADD CONSTRAINT "notificacao_generica_grupos_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_generica_versoes" ADD CONSTRAINT "notificacao_generica_versoes_notificacao_generica_id_notificacoes_genericas_id_fk" FOREIGN KEY ("notificacao_generica_id") REFERENCES "public"."notificacoes_genericas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_genericas" ADD CONSTRAINT "notificacoes_genericas_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_genericas" ADD CONSTRAINT "notificacoes_genericas_remetente_id_usuarios_id_fk" FOREIGN KEY ("remetente_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_genericas" ADD CONSTRAINT "notificacoes_genericas_notificacao_id_notificacoes_id_fk" FOREIGN KEY ("notificacao_id") REFERENCES "public"."notificacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_genericas" ADD CONSTRAINT "notificacoes_genericas_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notificacoes_genericas_tipo_created_at_index" ON "notificacoes_genericas" USING btree ("tipo","created_at");--> statement-breakpoint
CREATE INDEX "notificacoes_genericas_estado_agendado_para_index" ON "notificacoes_genericas" USING btree ("estado","agendado_para");