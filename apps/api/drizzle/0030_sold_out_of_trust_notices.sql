ALTER TABLE "financed_units" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "financed_units" ADD COLUMN "balance_principal" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "financed_units" ADD COLUMN "balance_interest" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "financed_units" ADD COLUMN "balance_paid_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "financed_units" ADD COLUMN "next_curtailment_date" date;--> statement-breakpoint
ALTER TABLE "financed_units" ADD COLUMN "next_curtailment_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "financed_units" ADD COLUMN "balance_as_of" date;--> statement-breakpoint
ALTER TABLE "provision_settings" ADD COLUMN "payoff_grace_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "provision_settings" ADD COLUMN "register_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "provision_settings" ADD COLUMN "register_time" time DEFAULT '04:00' NOT NULL;