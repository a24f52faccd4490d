-- The announcement lists' search finds words of the message too, not only of the title: the title
-- and the message's text (tags taken out) in the portal's full-text configurations of migration
-- 0025 (accents folded; Portuguese, Spanish and English stemming), kept by the database.
ALTER TABLE "comunicados" ADD COLUMN "documento" "tsvector" GENERATED ALWAYS AS (to_tsvector('biblioteca_pt', titulo || ' ' || regexp_replace(mensagem, '<[^>]*>', ' ', 'g')) || to_tsvector('biblioteca_es', titulo || ' ' || regexp_replace(mensagem, '<[^>]*>', ' ', 'g')) || to_tsvector('biblioteca_en', titulo || ' ' || regexp_replace(mensagem, '<[^>]*>', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "comunicados_documento" ON "comunicados" USING gin ("documento");