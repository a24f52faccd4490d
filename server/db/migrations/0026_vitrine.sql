CREATE TABLE "anuncio_exibicoes" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"anuncio_id" integer,
	"exibido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anuncio_grupos" (
	"anuncio_id" integer NOT NULL,
	"grupo_usuarios_id" integer NOT NULL,
	CONSTRAINT "anuncio_grupos_anuncio_id_grupo_usuarios_id_pk" PRIMARY KEY("anuncio_id","grupo_usuarios_id")
);
--> statement-breakpoint
CREATE TABLE "anuncios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "anuncios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titulo" text NOT NULL,
	"link" text,
	"link_target" text DEFAULT '_self' NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"arquivo_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"autor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "anuncios_periodo" CHECK ("anuncios"."inicio" < "anuncios"."fim")
);
--> statement-breakpoint
CREATE TABLE "slide_grupos" (
	"slide_id" integer NOT NULL,
	"grupo_usuarios_id" integer NOT NULL,
	CONSTRAINT "slide_grupos_slide_id_grupo_usuarios_id_pk" PRIMARY KEY("slide_id","grupo_usuarios_id")
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "slides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titulo" text NOT NULL,
	"cor_titulo" text NOT NULL,
	"tamanho_titulo" integer NOT NULL,
	"subtitulo" text,
	"cor_subtitulo" text NOT NULL,
	"tamanho_subtitulo" integer NOT NULL,
	"titulo_botao" text,
	"link" text,
	"link_target" text DEFAULT '_self' NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"arquivo_id" integer NOT NULL,
	"ordem" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"autor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "slides_periodo" CHECK ("slides"."inicio" < "slides"."fim")
);
--> statement-breakpoint
CREATE TABLE "vitrine_imagens" (
	"arquivo_id" integer PRIMARY KEY NOT NULL,
	"largura" integer NOT NULL,
	"altura" integer NOT NULL,
	"mobile_chave" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anuncio_exibicoes" ADD CONSTRAINT "anuncio_exibicoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncio_exibicoes" ADD CONSTRAINT "anuncio_exibicoes_anuncio_id_anuncios_id_fk" FOREIGN KEY ("anuncio_id") REFERENCES "public"."anuncios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncio_grupos" ADD CONSTRAINT "anuncio_grupos_anuncio_id_anuncios_id_fk" FOREIGN KEY ("anuncio_id") REFERENCES "public"."anuncios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncio_grupos" ADD CONSTRAINT "anuncio_grupos_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios" ADD CONSTRAINT "anuncios_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios" ADD CONSTRAINT "anuncios_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slide_grupos" ADD CONSTRAINT "slide_grupos_slide_id_slides_id_fk" FOREIGN KEY ("slide_id") REFERENCES "public"."slides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slide_grupos" ADD CONSTRAINT "slide_grupos_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vitrine_imagens" ADD CONSTRAINT "vitrine_imagens_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anuncio_grupos_grupo_usuarios_id_anuncio_id_index" ON "anuncio_grupos" USING btree ("grupo_usuarios_id","anuncio_id");--> statement-breakpoint
CREATE INDEX "anuncios_exibicao" ON "anuncios" USING btree ("fim") WHERE "anuncios"."active";--> statement-breakpoint
CREATE INDEX "anuncios_autor_id_index" ON "anuncios" USING btree ("autor_id");--> statement-breakpoint
CREATE INDEX "anuncios_arquivo_id_index" ON "anuncios" USING btree ("arquivo_id");--> statement-breakpoint
CREATE INDEX "slide_grupos_grupo_usuarios_id_slide_id_index" ON "slide_grupos" USING btree ("grupo_usuarios_id","slide_id");--> statement-breakpoint
CREATE INDEX "slides_exibicao" ON "slides" USING btree ("ordem","id") WHERE "slides"."active";--> statement-breakpoint
CREATE INDEX "slides_autor_id_index" ON "slides" USING btree ("autor_id");--> statement-breakpoint
CREATE INDEX "slides_arquivo_id_index" ON "slides" USING btree ("arquivo_id");