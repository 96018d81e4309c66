CREATE TABLE "audit_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audit_id" integer NOT NULL,
	"financed_unit_id" integer NOT NULL,
	"vin" varchar(23) NOT NULL,
	"model" varchar(4) NOT NULL,
	"description" varchar(50) DEFAULT '' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"result" smallint,
	"photo_file_id" integer,
	"checked_at" timestamp with time zone,
	"checked_by" integer,
	"latitude" double precision,
	"longitude" double precision,
	"finding_deadline" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_units_result_range" CHECK ("audit_units"."result" is null or "audit_units"."result" between 1 and 4),
	CONSTRAINT "audit_units_checked_together" CHECK (("audit_units"."result" is null) = ("audit_units"."checked_at" is null)),
	CONSTRAINT "audit_units_location" CHECK (("audit_units"."latitude" is null) = ("audit_units"."longitude" is null) and ("audit_units"."latitude" is null or ("audit_units"."latitude" between -90 and 90 and "audit_units"."longitude" between -180 and 180)))
);
--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "self_audit_deadline" date;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "units_snapshot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "audit_units" ADD CONSTRAINT "audit_units_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_units" ADD CONSTRAINT "audit_units_financed_unit_id_financed_units_id_fk" FOREIGN KEY ("financed_unit_id") REFERENCES "public"."financed_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_units" ADD CONSTRAINT "audit_units_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_units" ADD CONSTRAINT "audit_units_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_units_audit_unit_unique" ON "audit_units" USING btree ("audit_id","financed_unit_id");--> statement-breakpoint
CREATE INDEX "audit_units_audit_vin_idx" ON "audit_units" USING btree ("audit_id","vin");--> statement-breakpoint
CREATE INDEX "audit_units_financed_unit_idx" ON "audit_units" USING btree ("financed_unit_id");--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audits_company_status_idx" ON "audits" USING btree ("company_id","status");--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_status_range" CHECK ("audits"."status" between 1 and 2);