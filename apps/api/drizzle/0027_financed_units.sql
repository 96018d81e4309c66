CREATE TABLE "financed_unit_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financed_unit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"financed_unit_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financed_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financed_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provision_unit_id" integer NOT NULL,
	"provision_id" integer NOT NULL,
	"refinancing_unit_id" integer,
	"refinancing_id" integer,
	"crm_insertion_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"agency_id" integer,
	"folio" integer NOT NULL,
	"credit_line" varchar(50) NOT NULL,
	"vin" varchar(23) NOT NULL,
	"brand" varchar(15) NOT NULL,
	"model" varchar(4) NOT NULL,
	"description" varchar(50) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"credit_number" varchar(50),
	"released_on" date NOT NULL,
	"term" smallint NOT NULL,
	"ends_on" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sold_at" date,
	"sold_reported_by" integer,
	"sold_evidence_file_id" integer,
	"payoff_due_date" date,
	"paid_at" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financed_units_status_range" CHECK ("financed_units"."status" between 1 and 4),
	CONSTRAINT "financed_units_amount_positive" CHECK ("financed_units"."amount" > 0),
	CONSTRAINT "financed_units_term_positive" CHECK ("financed_units"."term" > 0),
	CONSTRAINT "financed_units_sold_after_release" CHECK ("financed_units"."sold_at" is null or "financed_units"."sold_at" >= "financed_units"."released_on")
);
--> statement-breakpoint
ALTER TABLE "financed_unit_events" ADD CONSTRAINT "financed_unit_events_financed_unit_id_financed_units_id_fk" FOREIGN KEY ("financed_unit_id") REFERENCES "public"."financed_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_unit_events" ADD CONSTRAINT "financed_unit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_units" ADD CONSTRAINT "financed_units_provision_unit_id_provision_units_id_fk" FOREIGN KEY ("provision_unit_id") REFERENCES "public"."provision_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_units" ADD CONSTRAINT "financed_units_provision_id_provisions_id_fk" FOREIGN KEY ("provision_id") REFERENCES "public"."provisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_units" ADD CONSTRAINT "financed_units_refinancing_unit_id_refinancing_units_id_fk" FOREIGN KEY ("refinancing_unit_id") REFERENCES "public"."refinancing_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_units" ADD CONSTRAINT "financed_units_refinancing_id_refinancings_id_fk" FOREIGN KEY ("refinancing_id") REFERENCES "public"."refinancings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_units" ADD CONSTRAINT "financed_units_crm_insertion_id_crm_insertions_id_fk" FOREIGN KEY ("crm_insertion_id") REFERENCES "public"."crm_insertions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_units" ADD CONSTRAINT "financed_units_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_units" ADD CONSTRAINT "financed_units_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_units" ADD CONSTRAINT "financed_units_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_units" ADD CONSTRAINT "financed_units_sold_reported_by_users_id_fk" FOREIGN KEY ("sold_reported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_units" ADD CONSTRAINT "financed_units_sold_evidence_file_id_files_id_fk" FOREIGN KEY ("sold_evidence_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financed_unit_events_unit_idx" ON "financed_unit_events" USING btree ("financed_unit_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "financed_units_provision_unit_unique" ON "financed_units" USING btree ("provision_unit_id") WHERE "financed_units"."refinancing_unit_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "financed_units_refinancing_unit_unique" ON "financed_units" USING btree ("refinancing_unit_id") WHERE "financed_units"."refinancing_unit_id" is not null;--> statement-breakpoint
CREATE INDEX "financed_units_insertion_idx" ON "financed_units" USING btree ("crm_insertion_id");--> statement-breakpoint
CREATE INDEX "financed_units_released_idx" ON "financed_units" USING btree ("released_on","id");--> statement-breakpoint
CREATE INDEX "financed_units_account_idx" ON "financed_units" USING btree ("account_id","released_on","id");--> statement-breakpoint
CREATE INDEX "financed_units_company_idx" ON "financed_units" USING btree ("company_id","released_on","id");--> statement-breakpoint
CREATE INDEX "financed_units_agency_idx" ON "financed_units" USING btree ("agency_id","released_on","id");--> statement-breakpoint
CREATE INDEX "financed_units_company_status_idx" ON "financed_units" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "financed_units_status_idx" ON "financed_units" USING btree ("status","released_on","id");--> statement-breakpoint
CREATE INDEX "financed_units_folio_idx" ON "financed_units" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "financed_units_credit_number_idx" ON "financed_units" USING btree ("credit_number") WHERE "financed_units"."credit_number" is not null;--> statement-breakpoint
CREATE INDEX "financed_units_vin_trgm_idx" ON "financed_units" USING gin ("vin" gin_trgm_ops);