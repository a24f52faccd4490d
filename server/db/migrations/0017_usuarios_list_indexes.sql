-- The user list's first view at national scale (issue #13): a manufacturer's total counts the users
-- whose brands overlap its own (18,000 of 100,000) through the GIN index instead of a scan of every
-- row (30 -> 9 ms); sorted by last access, the page walks the btree instead of sorting every visible
-- user (31 -> 0.1 ms for staff). Updates of either column are no longer HOT: linking 2,000 users to a
-- brand took 64 -> 107 ms.
CREATE INDEX "usuarios_marcas_efetivas_gin" ON "usuarios" USING gin ("marcas_efetivas");--> statement-breakpoint
CREATE INDEX "usuarios_ultimo_acesso_id_index" ON "usuarios" USING btree ("ultimo_acesso","id");