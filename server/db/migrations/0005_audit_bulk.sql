ALTER TABLE "auditoria" DROP CONSTRAINT "auditoria_autor_id_usuarios_id_fk";
--> statement-breakpoint
-- Room on each page for status and last-access updates to stay HOT (no index entries to add).
ALTER TABLE "usuarios" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "dealers" SET (fillfactor = 85);
