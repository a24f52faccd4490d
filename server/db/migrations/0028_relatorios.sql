CREATE TABLE "relatorios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "relatorios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"titulo_pt_br" text NOT NULL,
	"titulo_es" text NOT NULL,
	"titulo_en" text NOT NULL,
	"tipo" text NOT NULL,
	"url" text,
	"token_assinado" boolean DEFAULT false NOT NULL,
	"interno" text,
	"funcionalidades" text[] DEFAULT '{}'::text[] NOT NULL,
	"tipos_usuario" text[] DEFAULT '{}'::text[] NOT NULL,
	"posicao" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "relatorios_tipo_check" CHECK (("relatorios"."tipo" = 'EMBUTIDO' and "relatorios"."url" is not null and "relatorios"."interno" is null)
        or ("relatorios"."tipo" = 'INTERNO' and "relatorios"."interno" is not null and "relatorios"."url" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "relatorios_slug_key" ON "relatorios" USING btree ("slug");