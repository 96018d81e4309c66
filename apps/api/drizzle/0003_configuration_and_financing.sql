CREATE TABLE "crm_insertions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_insertions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"provision_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"last_date" timestamp with time zone,
	"credit_number" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_insertions_status_values" CHECK ("crm_insertions"."status" in ('queued', 'inserted', 'failed', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "provision_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provision_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provision_id" integer NOT NULL,
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
	"included" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"review_af" boolean DEFAULT false NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"invoice_date" date,
	"deadlines" smallint,
	"is_sold" boolean DEFAULT false NOT NULL,
	"valid_invoice" boolean,
	"valid_repuve" boolean,
	"valid_transunion" boolean,
	"valid_ax" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provision_units_status_range" CHECK ("provision_units"."status" between 0 and 3),
	CONSTRAINT "provision_units_amount_positive" CHECK ("provision_units"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "provisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folio" integer GENERATED ALWAYS AS IDENTITY (sequence name "provisions_folio_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1000 CACHE 1),
	"manual_folio" varchar(250),
	"use_manual_folio" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"agency_id" integer,
	"legal_id" integer,
	"credit_line" varchar(50) NOT NULL,
	"type_line" varchar(9) NOT NULL,
	"deadlines" smallint,
	"description" varchar(250) DEFAULT '' NOT NULL,
	"include_all" boolean DEFAULT false NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"approved_date" date,
	"register_by" integer NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provisions_status_range" CHECK ("provisions"."status" between 1 and 11),
	CONSTRAINT "provisions_total_not_negative" CHECK ("provisions"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "unit_validations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unit_validations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer,
	"vin" varchar(23) NOT NULL,
	"check" smallint NOT NULL,
	"valid" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_by" integer,
	"validated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_validations_check_range" CHECK ("unit_validations"."check" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "non_working_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "non_working_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"reason" varchar(150) NOT NULL,
	"register_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provision_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"email" varchar(150) DEFAULT '' NOT NULL,
	"start_operation" time DEFAULT '09:00' NOT NULL,
	"end_operation" time DEFAULT '18:00' NOT NULL,
	"provision_days" integer DEFAULT 30 NOT NULL,
	"ax_days" integer DEFAULT 1 NOT NULL,
	"ax_time" time DEFAULT '02:00' NOT NULL,
	"transunion_days" integer DEFAULT 1 NOT NULL,
	"transunion_time" time DEFAULT '02:30' NOT NULL,
	"repuve_days" integer DEFAULT 1 NOT NULL,
	"repuve_time" time DEFAULT '03:00' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provision_settings_single_row" CHECK ("provision_settings"."id" = 1),
	CONSTRAINT "provision_settings_days_not_negative" CHECK ("provision_settings"."provision_days" >= 0 and "provision_settings"."ax_days" >= 0 and "provision_settings"."transunion_days" >= 0 and "provision_settings"."repuve_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_desk_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_desk_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" varchar(150) NOT NULL,
	"register_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_desk_emails_email_lower_case" CHECK ("service_desk_emails"."email" = lower("service_desk_emails"."email"))
);
--> statement-breakpoint
ALTER TABLE "crm_insertions" ADD CONSTRAINT "crm_insertions_unit_id_provision_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."provision_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_insertions" ADD CONSTRAINT "crm_insertions_provision_id_provisions_id_fk" FOREIGN KEY ("provision_id") REFERENCES "public"."provisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provision_units" ADD CONSTRAINT "provision_units_provision_id_provisions_id_fk" FOREIGN KEY ("provision_id") REFERENCES "public"."provisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisions" ADD CONSTRAINT "provisions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisions" ADD CONSTRAINT "provisions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisions" ADD CONSTRAINT "provisions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisions" ADD CONSTRAINT "provisions_legal_id_users_id_fk" FOREIGN KEY ("legal_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisions" ADD CONSTRAINT "provisions_register_by_users_id_fk" FOREIGN KEY ("register_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_validations" ADD CONSTRAINT "unit_validations_unit_id_provision_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."provision_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_validations" ADD CONSTRAINT "unit_validations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_insertions_status_idx" ON "crm_insertions" USING btree ("status","last_date");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_insertions_unit_open_unique" ON "crm_insertions" USING btree ("unit_id") WHERE "crm_insertions"."status" <> 'archived';--> statement-breakpoint
CREATE INDEX "provision_units_provision_idx" ON "provision_units" USING btree ("provision_id");--> statement-breakpoint
CREATE INDEX "provision_units_vin_idx" ON "provision_units" USING btree ("vin_number");--> statement-breakpoint
CREATE UNIQUE INDEX "provisions_folio_unique" ON "provisions" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "provisions_company_idx" ON "provisions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "provisions_credit_line_idx" ON "provisions" USING btree ("credit_line","status");--> statement-breakpoint
CREATE INDEX "unit_validations_vin_idx" ON "unit_validations" USING btree ("vin","validated_at");--> statement-breakpoint
CREATE INDEX "unit_validations_at_idx" ON "unit_validations" USING btree ("validated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "non_working_days_date_unique" ON "non_working_days" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "service_desk_emails_email_unique" ON "service_desk_emails" USING btree ("email");--> statement-breakpoint
INSERT INTO "provision_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
