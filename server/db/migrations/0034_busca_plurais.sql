-- Portuguese plurals in -ões, -ães and -ãos are found by their singular and the reverse
-- ("informações" by "informação", "revisão" by "revisões"): the Portuguese part of the search
-- vectors reads them as their singular in -ao (server/db/schema/buscaTexto.ts). The Portuguese
-- stemmer reads words with accents folded, and folded it took the two for different words.
-- Dropping a column drops its index: both GIN indexes are made again.
ALTER TABLE "comunicados" drop column "documento";--> statement-breakpoint
ALTER TABLE "comunicados" ADD COLUMN "documento" "tsvector" GENERATED ALWAYS AS (to_tsvector('biblioteca_pt', regexp_replace(titulo || ' ' || regexp_replace(mensagem, '<[^>]*>', ' ', 'g'), '([õÕoO][eE]|[ãÃaA][eE]|[ãÃaA][oO])[sS]\M', 'ao', 'g')) || to_tsvector('biblioteca_es', titulo || ' ' || regexp_replace(mensagem, '<[^>]*>', ' ', 'g')) || to_tsvector('biblioteca_en', titulo || ' ' || regexp_replace(mensagem, '<[^>]*>', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "biblioteca_trechos" drop column "documento";--> statement-breakpoint
ALTER TABLE "biblioteca_trechos" ADD COLUMN "documento" "tsvector" GENERATED ALWAYS AS (to_tsvector('biblioteca_pt', regexp_replace(texto, '([õÕoO][eE]|[ãÃaA][eE]|[ãÃaA][oO])[sS]\M', 'ao', 'g')) || to_tsvector('biblioteca_es', texto) || to_tsvector('biblioteca_en', texto)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "comunicados_documento" ON "comunicados" USING gin ("documento");--> statement-breakpoint
CREATE INDEX "biblioteca_trechos_documento" ON "biblioteca_trechos" USING gin ("documento");
