CREATE SEQUENCE "public"."exception_folio_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "evidences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evidences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"exception_id" integer,
	"provision_id" integer,
	"unit_id" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	"type_sign_doc" smallint,
	"signed_status" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidences_one_owner" CHECK (num_nonnulls("evidences"."exception_id", "evidences"."provision_id", "evidences"."unit_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" varchar(300) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_key_unique" UNIQUE("key"),
	CONSTRAINT "files_size_positive" CHECK ("files"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "exceptions" ALTER COLUMN "folio" SET DEFAULT nextval('exception_folio_seq')::text;--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_exception_id_exceptions_id_fk" FOREIGN KEY ("exception_id") REFERENCES "public"."exceptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_provision_id_provisions_id_fk" FOREIGN KEY ("provision_id") REFERENCES "public"."provisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_unit_id_provision_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."provision_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidences_exception_idx" ON "evidences" USING btree ("exception_id");--> statement-breakpoint
CREATE INDEX "evidences_provision_idx" ON "evidences" USING btree ("provision_id");--> statement-breakpoint
CREATE INDEX "evidences_unit_idx" ON "evidences" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "evidences_file_idx" ON "evidences" USING btree ("file_id");