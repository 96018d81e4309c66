ALTER TABLE "evidences" ADD COLUMN "envelope_id" varchar(100);--> statement-breakpoint
ALTER TABLE "evidences" ADD COLUMN "envelope_signers" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "evidences_envelope_unique" ON "evidences" USING btree ("envelope_id") WHERE "evidences"."envelope_id" is not null;