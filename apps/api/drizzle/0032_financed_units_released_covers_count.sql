DROP INDEX "financed_units_released_idx";--> statement-breakpoint
CREATE INDEX "financed_units_released_idx" ON "financed_units" USING btree ("released_on","id","status","account_id");