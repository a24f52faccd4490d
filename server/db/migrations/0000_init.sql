CREATE TYPE "public"."idioma" AS ENUM('PT_BR', 'ES', 'EN');--> statement-breakpoint
CREATE TYPE "public"."tipo_usuario" AS ENUM('TECSINAPSE', 'MONTADORA', 'DEALER_GRUPO');--> statement-breakpoint
CREATE TABLE "dealer_grupos" (
	"dealer_id" integer NOT NULL,
	"grupo_id" integer NOT NULL,
	CONSTRAINT "dealer_grupos_dealer_id_grupo_id_pk" PRIMARY KEY("dealer_id","grupo_id")
);
--> statement-breakpoint
CREATE TABLE "dealer_marcas" (
	"dealer_id" integer NOT NULL,
	"marca_id" integer NOT NULL,
	CONSTRAINT "dealer_marcas_dealer_id_marca_id_pk" PRIMARY KEY("dealer_id","marca_id")
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dealers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome_exibicao" text NOT NULL,
	"razao_social" text NOT NULL,
	"cnpj" text NOT NULL,
	"cnpjs_adicionais" text[] DEFAULT '{}' NOT NULL,
	"codigos" text[] DEFAULT '{}' NOT NULL,
	"divisao_id" integer,
	"setor_id" integer,
	"telefones" text[] DEFAULT '{}' NOT NULL,
	"celulares" text[] DEFAULT '{}' NOT NULL,
	"logradouro" text,
	"complemento" text,
	"bairro" text,
	"cidade" text,
	"estado" text,
	"cep" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealers_nomeExibicao_unique" UNIQUE("nome_exibicao"),
	CONSTRAINT "dealers_cnpj_unique" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE "divisoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "divisoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	CONSTRAINT "divisoes_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "grupo_marcas" (
	"grupo_id" integer NOT NULL,
	"marca_id" integer NOT NULL,
	CONSTRAINT "grupo_marcas_grupo_id_marca_id_pk" PRIMARY KEY("grupo_id","marca_id")
);
--> statement-breakpoint
CREATE TABLE "grupos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grupos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marcas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marcas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"descricao" text,
	"facebook_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marcas_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "redes_sociais" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redes_sociais_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"marca_id" integer NOT NULL,
	"nome" text NOT NULL,
	"url" text NOT NULL,
	"icone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "setores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"divisao_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funcionalidades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funcionalidades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chave" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"produto_id" integer NOT NULL,
	CONSTRAINT "funcionalidades_chave_unique" UNIQUE("chave")
);
--> statement-breakpoint
CREATE TABLE "produtos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "produtos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"uri" text,
	"base_uri_homolog" text,
	CONSTRAINT "produtos_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "tipo_acesso_funcionalidades" (
	"tipo_acesso_id" integer NOT NULL,
	"funcionalidade_id" integer NOT NULL,
	CONSTRAINT "tipo_acesso_funcionalidades_tipo_acesso_id_funcionalidade_id_pk" PRIMARY KEY("tipo_acesso_id","funcionalidade_id")
);
--> statement-breakpoint
CREATE TABLE "tipos_acesso" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tipos_acesso_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"produto_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cargos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cargos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	CONSTRAINT "cargos_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "departamentos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "departamentos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"sigla" text NOT NULL,
	"assinatura" text
);
--> statement-breakpoint
CREATE TABLE "desligamentos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "desligamentos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"motivo" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_vistos" (
	"usuario_id" integer NOT NULL,
	"onboarding_id" text NOT NULL,
	"visto_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_vistos_usuario_id_onboarding_id_pk" PRIMARY KEY("usuario_id","onboarding_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_cargos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usuario_cargos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"cargo_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"departamento_id" integer,
	"data_inicio" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_dealers" (
	"usuario_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	CONSTRAINT "usuario_dealers_usuario_id_dealer_id_pk" PRIMARY KEY("usuario_id","dealer_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_funcionalidades" (
	"usuario_id" integer NOT NULL,
	"funcionalidade_id" integer NOT NULL,
	CONSTRAINT "usuario_funcionalidades_usuario_id_funcionalidade_id_pk" PRIMARY KEY("usuario_id","funcionalidade_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_grupos" (
	"usuario_id" integer NOT NULL,
	"grupo_id" integer NOT NULL,
	CONSTRAINT "usuario_grupos_usuario_id_grupo_id_pk" PRIMARY KEY("usuario_id","grupo_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_marcas" (
	"usuario_id" integer NOT NULL,
	"marca_id" integer NOT NULL,
	CONSTRAINT "usuario_marcas_usuario_id_marca_id_pk" PRIMARY KEY("usuario_id","marca_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_tipos_acesso" (
	"usuario_id" integer NOT NULL,
	"tipo_acesso_id" integer NOT NULL,
	CONSTRAINT "usuario_tipos_acesso_usuario_id_tipo_acesso_id_pk" PRIMARY KEY("usuario_id","tipo_acesso_id")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usuarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"cpf" text,
	"telefones" text[] DEFAULT '{}' NOT NULL,
	"celulares" text[] DEFAULT '{}' NOT NULL,
	"tipo" "tipo_usuario" NOT NULL,
	"idioma" "idioma" DEFAULT 'PT_BR' NOT NULL,
	"avatar_link" text,
	"senha_hash" text,
	"active" boolean DEFAULT true NOT NULL,
	"ativacao_especial" boolean DEFAULT false NOT NULL,
	"data_admissao" date,
	"email_superior" text,
	"desligamento_id" integer,
	"data_desligamento" date,
	"ultimo_acesso" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auditoria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"registro_id" text NOT NULL,
	"alteracao" text NOT NULL,
	"valor_anterior" jsonb,
	"valor_novo" jsonb,
	"autor_id" integer,
	"data" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"para" text NOT NULL,
	"assunto" text NOT NULL,
	"texto" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	"erro" text
);
--> statement-breakpoint
CREATE TABLE "i18n_labels" (
	"idioma" "idioma" NOT NULL,
	"chave" text NOT NULL,
	"valor" text NOT NULL,
	CONSTRAINT "i18n_labels_idioma_chave_pk" PRIMARY KEY("idioma","chave")
);
--> statement-breakpoint
CREATE TABLE "log_eventos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_eventos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"grupo" text NOT NULL,
	"stream" text NOT NULL,
	"tipo" text NOT NULL,
	"mensagem" text NOT NULL,
	"stack" text,
	"metadata" jsonb,
	"timestamp" timestamp with time zone NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_grupos" (
	"nome" text PRIMARY KEY NOT NULL,
	"tags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_streams" (
	"grupo" text NOT NULL,
	"nome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_streams_grupo_nome_pk" PRIMARY KEY("grupo","nome")
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "propriedades" (
	"chave" text PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segredos" (
	"nome" text PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "senha_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealer_grupos" ADD CONSTRAINT "dealer_grupos_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_grupos" ADD CONSTRAINT "dealer_grupos_grupo_id_grupos_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_marcas" ADD CONSTRAINT "dealer_marcas_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_marcas" ADD CONSTRAINT "dealer_marcas_marca_id_marcas_id_fk" FOREIGN KEY ("marca_id") REFERENCES "public"."marcas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_divisao_id_divisoes_id_fk" FOREIGN KEY ("divisao_id") REFERENCES "public"."divisoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_setor_id_setores_id_fk" FOREIGN KEY ("setor_id") REFERENCES "public"."setores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_marcas" ADD CONSTRAINT "grupo_marcas_grupo_id_grupos_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_marcas" ADD CONSTRAINT "grupo_marcas_marca_id_marcas_id_fk" FOREIGN KEY ("marca_id") REFERENCES "public"."marcas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redes_sociais" ADD CONSTRAINT "redes_sociais_marca_id_marcas_id_fk" FOREIGN KEY ("marca_id") REFERENCES "public"."marcas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setores" ADD CONSTRAINT "setores_divisao_id_divisoes_id_fk" FOREIGN KEY ("divisao_id") REFERENCES "public"."divisoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionalidades" ADD CONSTRAINT "funcionalidades_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipo_acesso_funcionalidades" ADD CONSTRAINT "tipo_acesso_funcionalidades_tipo_acesso_id_tipos_acesso_id_fk" FOREIGN KEY ("tipo_acesso_id") REFERENCES "public"."tipos_acesso"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipo_acesso_funcionalidades" ADD CONSTRAINT "tipo_acesso_funcionalidades_funcionalidade_id_funcionalidades_id_fk" FOREIGN KEY ("funcionalidade_id") REFERENCES "public"."funcionalidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipos_acesso" ADD CONSTRAINT "tipos_acesso_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_vistos" ADD CONSTRAINT "onboarding_vistos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cargos" ADD CONSTRAINT "usuario_cargos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cargos" ADD CONSTRAINT "usuario_cargos_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cargos" ADD CONSTRAINT "usuario_cargos_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cargos" ADD CONSTRAINT "usuario_cargos_departamento_id_departamentos_id_fk" FOREIGN KEY ("departamento_id") REFERENCES "public"."departamentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_dealers" ADD CONSTRAINT "usuario_dealers_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_dealers" ADD CONSTRAINT "usuario_dealers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_funcionalidades" ADD CONSTRAINT "usuario_funcionalidades_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_funcionalidades" ADD CONSTRAINT "usuario_funcionalidades_funcionalidade_id_funcionalidades_id_fk" FOREIGN KEY ("funcionalidade_id") REFERENCES "public"."funcionalidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_grupos" ADD CONSTRAINT "usuario_grupos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_grupos" ADD CONSTRAINT "usuario_grupos_grupo_id_grupos_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_marcas" ADD CONSTRAINT "usuario_marcas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_marcas" ADD CONSTRAINT "usuario_marcas_marca_id_marcas_id_fk" FOREIGN KEY ("marca_id") REFERENCES "public"."marcas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_tipos_acesso" ADD CONSTRAINT "usuario_tipos_acesso_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_tipos_acesso" ADD CONSTRAINT "usuario_tipos_acesso_tipo_acesso_id_tipos_acesso_id_fk" FOREIGN KEY ("tipo_acesso_id") REFERENCES "public"."tipos_acesso"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_desligamento_id_desligamentos_id_fk" FOREIGN KEY ("desligamento_id") REFERENCES "public"."desligamentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_streams" ADD CONSTRAINT "log_streams_grupo_log_grupos_nome_fk" FOREIGN KEY ("grupo") REFERENCES "public"."log_grupos"("nome") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senha_resets" ADD CONSTRAINT "senha_resets_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealer_grupos_grupo_id_index" ON "dealer_grupos" USING btree ("grupo_id");--> statement-breakpoint
CREATE INDEX "dealer_marcas_marca_id_index" ON "dealer_marcas" USING btree ("marca_id");--> statement-breakpoint
CREATE INDEX "dealers_active_index" ON "dealers" USING btree ("active");--> statement-breakpoint
CREATE INDEX "grupo_marcas_marca_id_index" ON "grupo_marcas" USING btree ("marca_id");--> statement-breakpoint
CREATE INDEX "grupos_nome_index" ON "grupos" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "usuario_cargos_usuario_id_index" ON "usuario_cargos" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "usuario_cargos_dealer_id_index" ON "usuario_cargos" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "usuario_dealers_dealer_id_index" ON "usuario_dealers" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "usuario_grupos_grupo_id_index" ON "usuario_grupos" USING btree ("grupo_id");--> statement-breakpoint
CREATE INDEX "usuario_marcas_marca_id_index" ON "usuario_marcas" USING btree ("marca_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_index" ON "usuarios" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_cpf_index" ON "usuarios" USING btree ("cpf") WHERE "usuarios"."cpf" is not null;--> statement-breakpoint
CREATE INDEX "usuarios_tipo_index" ON "usuarios" USING btree ("tipo");--> statement-breakpoint
CREATE INDEX "usuarios_nome_index" ON "usuarios" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "auditoria_tipo_registro_id_data_index" ON "auditoria" USING btree ("tipo","registro_id","data");--> statement-breakpoint
CREATE INDEX "email_outbox_para_created_at_index" ON "email_outbox" USING btree ("para","created_at");--> statement-breakpoint
CREATE INDEX "log_eventos_grupo_stream_timestamp_index" ON "log_eventos" USING btree ("grupo","stream","timestamp");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_id_index" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_index" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_index" ON "oidc_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_at_index" ON "oidc_payloads" USING btree ("expires_at");