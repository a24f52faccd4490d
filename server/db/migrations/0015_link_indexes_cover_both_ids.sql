-- The audience engine (issue #14) reads the link tables by their value (a position, a group, a brand,
-- a dealer) for the ids of the users or dealers that hold it. With both ids in the index those reads
-- are index-only scans (vacuumed pages), instead of a heap visit per row (18,000 for one position at
-- national scale). Each replaces the one-column index it extends, which it serves as well.
CREATE INDEX "dealer_grupos_grupo_id_dealer_id_index" ON "dealer_grupos" USING btree ("grupo_id","dealer_id");--> statement-breakpoint
CREATE INDEX "dealer_marcas_marca_id_dealer_id_index" ON "dealer_marcas" USING btree ("marca_id","dealer_id");--> statement-breakpoint
CREATE INDEX "usuario_cargos_cargo_id_usuario_id_index" ON "usuario_cargos" USING btree ("cargo_id","usuario_id");--> statement-breakpoint
CREATE INDEX "usuario_dealers_dealer_id_usuario_id_index" ON "usuario_dealers" USING btree ("dealer_id","usuario_id");--> statement-breakpoint
CREATE INDEX "usuario_grupos_grupo_id_usuario_id_index" ON "usuario_grupos" USING btree ("grupo_id","usuario_id");--> statement-breakpoint
CREATE INDEX "usuario_marcas_marca_id_usuario_id_index" ON "usuario_marcas" USING btree ("marca_id","usuario_id");--> statement-breakpoint
CREATE INDEX "usuario_tipos_acesso_tipo_acesso_id_usuario_id_index" ON "usuario_tipos_acesso" USING btree ("tipo_acesso_id","usuario_id");--> statement-breakpoint
DROP INDEX "dealer_grupos_grupo_id_index";--> statement-breakpoint
DROP INDEX "dealer_marcas_marca_id_index";--> statement-breakpoint
DROP INDEX "usuario_cargos_cargo_id_index";--> statement-breakpoint
DROP INDEX "usuario_dealers_dealer_id_index";--> statement-breakpoint
DROP INDEX "usuario_grupos_grupo_id_index";--> statement-breakpoint
DROP INDEX "usuario_marcas_marca_id_index";
