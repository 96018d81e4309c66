CREATE TABLE "refinancing_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refinancing_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"refinancing_id" integer NOT NULL,
	"source_unit_id" integer NOT NULL,
	"vin_number" varchar(23) NOT NULL,
	"agency" varchar(20) NOT NULL,
	"brand_name" varchar(15) NOT NULL,
	"type" varchar(8) NOT NULL,
	"model" varchar(4) NOT NULL,
	"description" varchar(50) NOT NULL,
	"color" varchar(35) NOT NULL,
	"inside_color" varchar(70) NOT NULL,
	"motor_number" varchar(25) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"deadlines" smallint NOT NULL,
	"valid_repuve" boolean,
	"valid_transunion" boolean,
	"valid_ax" boolean,
	"review_af" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"is_sold" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refinancing_units_status_range" CHECK ("refinancing_units"."status" between 0 and 2),
	CONSTRAINT "refinancing_units_deadlines_range" CHECK ("refinancing_units"."deadlines" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "refinancings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refinancings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folio" integer GENERATED ALWAYS AS IDENTITY (sequence name "refinancings_folio_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1000 CACHE 1),
	"manual_folio" varchar(250),
	"use_manual_folio" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"agency_id" integer,
	"legal_id" integer,
	"credit_line" varchar(50) NOT NULL,
	"type_line" varchar(9) NOT NULL,
	"deadlines" smallint NOT NULL,
	"require_evidences" boolean DEFAULT true NOT NULL,
	"review_af" boolean DEFAULT true NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"register_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refinancings_status_range" CHECK ("refinancings"."status" between 1 and 10),
	CONSTRAINT "refinancings_total_not_negative" CHECK ("refinancings"."total" >= 0),
	CONSTRAINT "refinancings_deadlines_range" CHECK ("refinancings"."deadlines" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "refinancing_units" ADD CONSTRAINT "refinancing_units_refinancing_id_refinancings_id_fk" FOREIGN KEY ("refinancing_id") REFERENCES "public"."refinancings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refinancing_units" ADD CONSTRAINT "refinancing_units_source_unit_id_provision_units_id_fk" FOREIGN KEY ("source_unit_id") REFERENCES "public"."provision_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refinancings" ADD CONSTRAINT "refinancings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refinancings" ADD CONSTRAINT "refinancings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refinancings" ADD CONSTRAINT "refinancings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refinancings" ADD CONSTRAINT "refinancings_legal_id_users_id_fk" FOREIGN KEY ("legal_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refinancings" ADD CONSTRAINT "refinancings_register_by_users_id_fk" FOREIGN KEY ("register_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refinancing_units_refinancing_idx" ON "refinancing_units" USING btree ("refinancing_id");--> statement-breakpoint
CREATE INDEX "refinancing_units_source_idx" ON "refinancing_units" USING btree ("source_unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refinancings_folio_unique" ON "refinancings" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "refinancings_company_idx" ON "refinancings" USING btree ("company_id","folio");--> statement-breakpoint
CREATE INDEX "refinancings_status_idx" ON "refinancings" USING btree ("status","folio");--> statement-breakpoint
CREATE INDEX "refinancings_credit_line_idx" ON "refinancings" USING btree ("credit_line","status");