CREATE TABLE "dealer_produtos" (
	"dealer_id" integer NOT NULL,
	"produto_id" integer NOT NULL,
	"uri" text NOT NULL,
	CONSTRAINT "dealer_produtos_dealer_id_produto_id_pk" PRIMARY KEY("dealer_id","produto_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fila" text NOT NULL,
	"status" text DEFAULT 'PENDENTE' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer,
	"processados" integer DEFAULT 0 NOT NULL,
	"resultado" jsonb,
	"erro" text,
	"autor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_em" timestamp with time zone,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dealer_produtos" ADD CONSTRAINT "dealer_produtos_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_produtos" ADD CONSTRAINT "dealer_produtos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_fila_status_created_at_index" ON "jobs" USING btree ("fila","status","created_at");--> statement-breakpoint
-- Case- and accent-insensitive search of the lists (no unaccent extension needed on PGlite).
CREATE FUNCTION "fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN translate(lower(value), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn');
