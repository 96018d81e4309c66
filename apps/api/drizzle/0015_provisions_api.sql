CREATE INDEX "provisions_list_created_idx" ON "provisions" USING btree ("created_at","id") WHERE not "provisions"."is_archived";--> statement-breakpoint
CREATE INDEX "provisions_list_company_idx" ON "provisions" USING btree ("company_id","created_at","id") WHERE not "provisions"."is_archived";--> statement-breakpoint
CREATE INDEX "provisions_list_account_idx" ON "provisions" USING btree ("account_id","created_at","id") WHERE not "provisions"."is_archived";--> statement-breakpoint
CREATE INDEX "provisions_list_register_by_idx" ON "provisions" USING btree ("register_by","created_at","id") WHERE not "provisions"."is_archived";--> statement-breakpoint
CREATE INDEX "provisions_list_agency_idx" ON "provisions" USING btree ("agency_id","created_at","id") WHERE not "provisions"."is_archived";--> statement-breakpoint
CREATE INDEX "provisions_manual_folio_idx" ON "provisions" USING btree ("manual_folio") WHERE "provisions"."use_manual_folio";