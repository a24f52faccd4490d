ALTER TABLE "usuarios" ADD COLUMN "inativado_por_inatividade" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "aviso_inatividade_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "busca" text GENERATED ALWAYS AS (fold(nome || chr(31) || email || chr(31) || coalesce(cpf, ''))) STORED;--> statement-breakpoint
CREATE INDEX "usuario_cargos_cargo_id_index" ON "usuario_cargos" USING btree ("cargo_id");