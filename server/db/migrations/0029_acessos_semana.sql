CREATE TABLE "usuario_acessos_semana" (
	"semana" date NOT NULL,
	"usuario_id" integer NOT NULL,
	"acessos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usuario_acessos_semana_semana_usuario_id_pk" PRIMARY KEY("semana","usuario_id")
);
--> statement-breakpoint
ALTER TABLE "usuario_acessos_semana" ADD CONSTRAINT "usuario_acessos_semana_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usuario_acessos_semana_usuario_id_index" ON "usuario_acessos_semana" USING btree ("usuario_id");