-- The library's folder listing (issue #29, docs/benchmarks.md "Library"): a folder's children in
-- the listing's order, folders and files each by folded name then id, so a page is read from the
-- index (forwards or backwards) and stops at its end instead of sorting every child. It replaces
-- the (parent, is folder) index, its prefix.
DROP INDEX "biblioteca_itens_pasta_pai";--> statement-breakpoint
CREATE INDEX "biblioteca_itens_pasta_pai" ON "biblioteca_itens" USING btree ("pasta_pai_id","is_pasta",fold("nome"),"id");