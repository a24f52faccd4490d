-- "End my sessions" refuses the access tokens issued before it at once, in every process (issue #25):
-- the session lookup of each request compares the token with this mark. Nullable, no default: no rewrite.
ALTER TABLE "usuarios" ADD COLUMN "sessoes_encerradas_em" timestamp with time zone;