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
CREATE INDEX "financed_units_vin_trgm_idx" ON "financed_units" USING gin ("vin" gin_trgm_ops);--> statement-breakpoint
-- The units released or inserted before the register existed (issue 29): the same copy as modules/financed-units/
-- register.ts makes at the move. Released on the release's day (Liberar: the insertion row's day, Mexico City) or
-- on the approved date ('Inicio de la disposición') of one sent to the CRM.
INSERT INTO "financed_units" ("provision_unit_id", "provision_id", "refinancing_unit_id", "refinancing_id",
  "crm_insertion_id", "account_id", "company_id", "agency_id", "folio", "credit_line", "vin", "brand", "model",
  "description", "amount", "credit_number", "released_on", "term", "ends_on", "created_at", "updated_at")
SELECT pu."id", p."id", ru."id", r."id", ci."id",
  coalesce(r."account_id", p."account_id"), coalesce(r."company_id", p."company_id"),
  CASE WHEN ru."id" IS NOT NULL THEN r."agency_id" ELSE p."agency_id" END,
  CASE WHEN ru."id" IS NOT NULL THEN r."folio" ELSE p."folio" END,
  CASE WHEN ru."id" IS NOT NULL THEN r."credit_line" ELSE p."credit_line" END,
  pu."vin_number", pu."brand_name", pu."model", pu."description",
  CASE WHEN ru."id" IS NOT NULL THEN ru."amount" ELSE pu."amount" END,
  ci."credit_number", released."day", term."months", (released."day" + make_interval(months => term."months"))::date,
  now(), now()
FROM "crm_insertions" AS ci
  JOIN "provision_units" AS pu ON pu."id" = ci."unit_id"
  JOIN "provisions" AS p ON p."id" = ci."provision_id"
  LEFT JOIN "refinancing_units" AS ru ON ru."id" = ci."refinancing_unit_id"
  LEFT JOIN "refinancings" AS r ON r."id" = ru."refinancing_id"
  CROSS JOIN LATERAL (SELECT CASE
    WHEN (CASE WHEN ru."id" IS NOT NULL THEN r."status" ELSE p."status" END) = 10
      THEN (ci."created_at" AT TIME ZONE 'America/Mexico_City')::date
    ELSE coalesce(CASE WHEN ru."id" IS NOT NULL THEN r."approved_date" ELSE p."approved_date" END,
      (ci."created_at" AT TIME ZONE 'America/Mexico_City')::date) END AS "day") AS released
  CROSS JOIN LATERAL (SELECT greatest(coalesce(CASE WHEN ru."id" IS NOT NULL THEN ru."deadlines"
    ELSE coalesce(pu."deadlines", p."deadlines") END, 1), 1)::int AS "months") AS term
WHERE ci."status" IN ('inserted', 'released')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "financed_unit_events" ("financed_unit_id", "kind", "actor_id", "at", "details")
SELECT "id", 'released', NULL, "created_at", '{"via":"backfill"}'::jsonb FROM "financed_units";
