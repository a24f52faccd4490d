-- The users search at 100,000 users (issue #13): trigram index on the folded search column.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "usuarios_busca_trgm" ON "usuarios" USING gin ("busca" gin_trgm_ops);
