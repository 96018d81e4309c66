-- Trigram operators for the "contains" searches (issue 15). pg_trgm is a trusted contrib extension (PostgreSQL 13+):
-- the database owner may create it; embedded-postgres ships it. drizzle-kit does not generate this line: keep it first.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
CREATE INDEX "unit_validations_vin_trgm_idx" ON "unit_validations" USING gin ("vin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_user_pending_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."is_readed" = false and "notifications"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "accounts_list_name_idx" ON "accounts" USING btree (lower("name") collate "C","id") WHERE "accounts"."is_archived" = false;--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agencies_list_name_idx" ON "agencies" USING btree (lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "agencies_list_account_name_idx" ON "agencies" USING btree ("account_id",lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "agencies_name_trgm_idx" ON "agencies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_list_name_idx" ON "companies" USING btree (lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "companies_list_account_name_idx" ON "companies" USING btree ("account_id",lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "roles_list_name_idx" ON "roles" USING btree (lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "roles_list_register_by_name_idx" ON "roles" USING btree ("register_by",lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "roles_name_trgm_idx" ON "roles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_list_email_idx" ON "users" USING btree ("email" collate "C","id") WHERE "users"."is_archived" = false;--> statement-breakpoint
CREATE INDEX "users_list_account_email_idx" ON "users" USING btree ("account_id","email" collate "C","id") WHERE "users"."is_archived" = false;--> statement-breakpoint
CREATE INDEX "users_list_register_by_email_idx" ON "users" USING btree ("register_by","email" collate "C","id") WHERE "users"."is_archived" = false;--> statement-breakpoint
CREATE INDEX "users_list_created_idx" ON "users" USING btree ("created_at") WHERE "users"."is_archived" = false;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("firstname" || ' ' || "lastname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "notifications"."deleted_at" is null;