CREATE TABLE "grupo_usuarios_cargos" (
	"grupo_usuarios_id" integer NOT NULL,
	"cargo_id" integer NOT NULL,
	CONSTRAINT "grupo_usuarios_cargos_grupo_usuarios_id_cargo_id_pk" PRIMARY KEY("grupo_usuarios_id","cargo_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios_dealers" (
	"grupo_usuarios_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	CONSTRAINT "grupo_usuarios_dealers_grupo_usuarios_id_dealer_id_pk" PRIMARY KEY("grupo_usuarios_id","dealer_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios_editores" (
	"grupo_usuarios_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "grupo_usuarios_editores_grupo_usuarios_id_usuario_id_pk" PRIMARY KEY("grupo_usuarios_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios_favoritos" (
	"grupo_usuarios_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "grupo_usuarios_favoritos_grupo_usuarios_id_usuario_id_pk" PRIMARY KEY("grupo_usuarios_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios_grupos" (
	"grupo_usuarios_id" integer NOT NULL,
	"grupo_id" integer NOT NULL,
	CONSTRAINT "grupo_usuarios_grupos_grupo_usuarios_id_grupo_id_pk" PRIMARY KEY("grupo_usuarios_id","grupo_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios_leitores" (
	"grupo_usuarios_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "grupo_usuarios_leitores_grupo_usuarios_id_usuario_id_pk" PRIMARY KEY("grupo_usuarios_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios_manuais" (
	"grupo_usuarios_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "grupo_usuarios_manuais_grupo_usuarios_id_usuario_id_pk" PRIMARY KEY("grupo_usuarios_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios_marcas" (
	"grupo_usuarios_id" integer NOT NULL,
	"marca_id" integer NOT NULL,
	CONSTRAINT "grupo_usuarios_marcas_grupo_usuarios_id_marca_id_pk" PRIMARY KEY("grupo_usuarios_id","marca_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios_removidos" (
	"grupo_usuarios_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "grupo_usuarios_removidos_grupo_usuarios_id_usuario_id_pk" PRIMARY KEY("grupo_usuarios_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios_setores" (
	"grupo_usuarios_id" integer NOT NULL,
	"setor_id" integer NOT NULL,
	CONSTRAINT "grupo_usuarios_setores_grupo_usuarios_id_setor_id_pk" PRIMARY KEY("grupo_usuarios_id","setor_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios_tipos_acesso" (
	"grupo_usuarios_id" integer NOT NULL,
	"tipo_acesso_id" integer NOT NULL,
	CONSTRAINT "grupo_usuarios_tipos_acesso_grupo_usuarios_id_tipo_acesso_id_pk" PRIMARY KEY("grupo_usuarios_id","tipo_acesso_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios_tipos_usuario" (
	"grupo_usuarios_id" integer NOT NULL,
	"tipo" "tipo_usuario" NOT NULL,
	CONSTRAINT "grupo_usuarios_tipos_usuario_grupo_usuarios_id_tipo_pk" PRIMARY KEY("grupo_usuarios_id","tipo")
);
--> statement-breakpoint
CREATE TABLE "grupos_usuarios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grupos_usuarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"publico" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"criador_id" integer NOT NULL,
	"possui_perfil" boolean DEFAULT false NOT NULL,
	"possui_cargos" boolean DEFAULT false NOT NULL,
	"possui_setores" boolean DEFAULT false NOT NULL,
	"possui_grupos" boolean DEFAULT false NOT NULL,
	"possui_usuarios_manuais" boolean DEFAULT false NOT NULL,
	"todos_dealers" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grupo_usuarios_cargos" ADD CONSTRAINT "grupo_usuarios_cargos_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_cargos" ADD CONSTRAINT "grupo_usuarios_cargos_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_dealers" ADD CONSTRAINT "grupo_usuarios_dealers_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_dealers" ADD CONSTRAINT "grupo_usuarios_dealers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_editores" ADD CONSTRAINT "grupo_usuarios_editores_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_editores" ADD CONSTRAINT "grupo_usuarios_editores_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_favoritos" ADD CONSTRAINT "grupo_usuarios_favoritos_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_favoritos" ADD CONSTRAINT "grupo_usuarios_favoritos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_grupos" ADD CONSTRAINT "grupo_usuarios_grupos_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_grupos" ADD CONSTRAINT "grupo_usuarios_grupos_grupo_id_grupos_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_leitores" ADD CONSTRAINT "grupo_usuarios_leitores_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_leitores" ADD CONSTRAINT "grupo_usuarios_leitores_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_manuais" ADD CONSTRAINT "grupo_usuarios_manuais_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_manuais" ADD CONSTRAINT "grupo_usuarios_manuais_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_marcas" ADD CONSTRAINT "grupo_usuarios_marcas_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_marcas" ADD CONSTRAINT "grupo_usuarios_marcas_marca_id_marcas_id_fk" FOREIGN KEY ("marca_id") REFERENCES "public"."marcas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_removidos" ADD CONSTRAINT "grupo_usuarios_removidos_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_removidos" ADD CONSTRAINT "grupo_usuarios_removidos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_setores" ADD CONSTRAINT "grupo_usuarios_setores_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_setores" ADD CONSTRAINT "grupo_usuarios_setores_setor_id_setores_id_fk" FOREIGN KEY ("setor_id") REFERENCES "public"."setores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_tipos_acesso" ADD CONSTRAINT "grupo_usuarios_tipos_acesso_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_tipos_acesso" ADD CONSTRAINT "grupo_usuarios_tipos_acesso_tipo_acesso_id_tipos_acesso_id_fk" FOREIGN KEY ("tipo_acesso_id") REFERENCES "public"."tipos_acesso"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_usuarios_tipos_usuario" ADD CONSTRAINT "grupo_usuarios_tipos_usuario_grupo_usuarios_id_grupos_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupos_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupos_usuarios" ADD CONSTRAINT "grupos_usuarios_criador_id_usuarios_id_fk" FOREIGN KEY ("criador_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grupo_usuarios_cargos_cargo_id_index" ON "grupo_usuarios_cargos" USING btree ("cargo_id");--> statement-breakpoint
CREATE INDEX "grupo_usuarios_dealers_dealer_id_index" ON "grupo_usuarios_dealers" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "grupo_usuarios_editores_usuario_id_index" ON "grupo_usuarios_editores" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "grupo_usuarios_favoritos_usuario_id_index" ON "grupo_usuarios_favoritos" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "grupo_usuarios_grupos_grupo_id_index" ON "grupo_usuarios_grupos" USING btree ("grupo_id");--> statement-breakpoint
CREATE INDEX "grupo_usuarios_leitores_usuario_id_index" ON "grupo_usuarios_leitores" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "grupo_usuarios_manuais_usuario_id_index" ON "grupo_usuarios_manuais" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "grupo_usuarios_marcas_marca_id_index" ON "grupo_usuarios_marcas" USING btree ("marca_id");--> statement-breakpoint
CREATE INDEX "grupo_usuarios_removidos_usuario_id_index" ON "grupo_usuarios_removidos" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "grupo_usuarios_setores_setor_id_index" ON "grupo_usuarios_setores" USING btree ("setor_id");--> statement-breakpoint
CREATE INDEX "grupo_usuarios_tipos_acesso_tipo_acesso_id_index" ON "grupo_usuarios_tipos_acesso" USING btree ("tipo_acesso_id");--> statement-breakpoint
CREATE INDEX "grupo_usuarios_tipos_usuario_tipo_index" ON "grupo_usuarios_tipos_usuario" USING btree ("tipo");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_usuarios_nome_fold_key" ON "grupos_usuarios" USING btree (fold("nome"));--> statement-breakpoint
CREATE INDEX "grupos_usuarios_criador_id_index" ON "grupos_usuarios" USING btree ("criador_id");