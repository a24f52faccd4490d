ALTER TABLE "auditoria" ALTER COLUMN "registro_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "registros" integer[];--> statement-breakpoint
CREATE INDEX "auditoria_registros_index" ON "auditoria" USING gin ("registros") WITH (fastupdate=false) WHERE "auditoria"."registros" is not null;--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_registro_id_or_registros" CHECK (("auditoria"."registro_id" is null) <> ("auditoria"."registros" is null));