ALTER TABLE "evidences" DROP CONSTRAINT "evidences_one_owner";--> statement-breakpoint
DROP INDEX "crm_insertions_unit_open_unique";--> statement-breakpoint
ALTER TABLE "evidences" ADD COLUMN "refinancing_id" integer;--> statement-breakpoint
ALTER TABLE "evidences" ADD COLUMN "refinancing_unit_id" integer;--> statement-breakpoint
ALTER TABLE "crm_insertions" ADD COLUMN "refinancing_unit_id" integer;--> statement-breakpoint
ALTER TABLE "refinancings" ADD COLUMN "admin_validated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refinancings" ADD COLUMN "approved_date" date;--> statement-breakpoint
ALTER TABLE "refinancings" ADD COLUMN "reject_comment" varchar(250);--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_refinancing_id_refinancings_id_fk" FOREIGN KEY ("refinancing_id") REFERENCES "public"."refinancings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_refinancing_unit_id_refinancing_units_id_fk" FOREIGN KEY ("refinancing_unit_id") REFERENCES "public"."refinancing_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_insertions" ADD CONSTRAINT "crm_insertions_refinancing_unit_id_refinancing_units_id_fk" FOREIGN KEY ("refinancing_unit_id") REFERENCES "public"."refinancing_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidences_refinancing_idx" ON "evidences" USING btree ("refinancing_id");--> statement-breakpoint
CREATE INDEX "evidences_refinancing_unit_idx" ON "evidences" USING btree ("refinancing_unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_insertions_refinancing_unit_open_unique" ON "crm_insertions" USING btree ("refinancing_unit_id") WHERE "crm_insertions"."status" <> 'archived' and "crm_insertions"."refinancing_unit_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_insertions_unit_open_unique" ON "crm_insertions" USING btree ("unit_id") WHERE "crm_insertions"."status" <> 'archived' and "crm_insertions"."refinancing_unit_id" is null;--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_one_owner" CHECK (num_nonnulls("evidences"."exception_id", "evidences"."provision_id", "evidences"."unit_id", "evidences"."refinancing_id", "evidences"."refinancing_unit_id") = 1);