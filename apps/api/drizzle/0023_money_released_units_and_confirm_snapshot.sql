ALTER TABLE "crm_insertions" DROP CONSTRAINT "crm_insertions_status_values";--> statement-breakpoint
ALTER TABLE "provisions" ADD COLUMN "confirmed_available" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "provisions" ADD COLUMN "confirmed_remaining" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "provisions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_insertions" ADD CONSTRAINT "crm_insertions_status_values" CHECK ("crm_insertions"."status" in ('queued', 'inserted', 'failed', 'archived', 'released'));