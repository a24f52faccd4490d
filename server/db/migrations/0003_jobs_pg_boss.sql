ALTER TABLE "jobs" ADD COLUMN "boss_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "tentativas" integer DEFAULT 0 NOT NULL;