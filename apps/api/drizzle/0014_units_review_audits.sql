CREATE SEQUENCE "public"."audit_folio_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "audits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folio" varchar(30) DEFAULT nextval('audit_folio_seq')::text NOT NULL,
	"auditor" varchar(150) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"register_by" integer,
	"initial_date" date NOT NULL,
	"end_date" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audits_folio_unique" UNIQUE("folio"),
	CONSTRAINT "audits_auditor_length" CHECK (char_length("audits"."auditor") between 1 and 150),
	CONSTRAINT "audits_dates_ordered" CHECK ("audits"."end_date" >= "audits"."initial_date")
);
--> statement-breakpoint
ALTER TABLE "provision_units" ADD COLUMN "in_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "provision_units" ADD COLUMN "review_by" integer;--> statement-breakpoint
ALTER TABLE "provision_units" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_register_by_users_id_fk" FOREIGN KEY ("register_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audits_company_suspended_idx" ON "audits" USING btree ("company_id","initial_date","end_date") WHERE "audits"."is_suspended";--> statement-breakpoint
CREATE INDEX "audits_register_by_idx" ON "audits" USING btree ("register_by");--> statement-breakpoint
ALTER TABLE "provision_units" ADD CONSTRAINT "provision_units_review_by_users_id_fk" FOREIGN KEY ("review_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provision_units_review_idx" ON "provision_units" USING btree ("review_by","vin_number") WHERE "provision_units"."in_review";--> statement-breakpoint
ALTER TABLE "provision_units" ADD CONSTRAINT "provision_units_review_owner" CHECK (not "provision_units"."in_review" or "provision_units"."review_by" is not null);