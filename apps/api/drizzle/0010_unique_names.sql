CREATE UNIQUE INDEX "agencies_company_name_unique" ON "agencies" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree (coalesce("register_by", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "custom_signers_name_unique" ON "custom_signers" USING btree ("company_id","credit_line",lower("full_name"));