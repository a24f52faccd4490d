CREATE TABLE "notificacao_destinatarios" (
	"usuario_id" integer NOT NULL,
	"notificacao_id" integer NOT NULL,
	"visualizada" boolean DEFAULT false NOT NULL,
	"lida" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notificacao_destinatarios_usuario_id_notificacao_id_pk" PRIMARY KEY("usuario_id","notificacao_id")
);
--> statement-breakpoint
CREATE TABLE "notificacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notificacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"link" text,
	"produto_id" integer,
	"origem" text NOT NULL,
	"origem_id" integer,
	"autor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notificacao_destinatarios" ADD CONSTRAINT "notificacao_destinatarios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_destinatarios" ADD CONSTRAINT "notificacao_destinatarios_notificacao_id_notificacoes_id_fk" FOREIGN KEY ("notificacao_id") REFERENCES "public"."notificacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notificacao_destinatarios_nao_visualizadas" ON "notificacao_destinatarios" USING btree ("usuario_id") WHERE not "notificacao_destinatarios"."visualizada";--> statement-breakpoint
CREATE INDEX "notificacao_destinatarios_notificacao_id_index" ON "notificacao_destinatarios" USING btree ("notificacao_id");--> statement-breakpoint
CREATE INDEX "notificacoes_created_at_index" ON "notificacoes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notificacoes_origem_origem_id_index" ON "notificacoes" USING btree ("origem","origem_id");