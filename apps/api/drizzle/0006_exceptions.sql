CREATE TABLE "exceptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exceptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folio" varchar(30) NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"register_by" integer,
	"type" smallint DEFAULT 1 NOT NULL,
	"comment" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"comment_of" text,
	"comment_af" text,
	"is_approved" boolean,
	"operator_id" integer,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exceptions_folio_unique" UNIQUE("folio")
);
--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exceptions_company_created_idx" ON "exceptions" USING btree ("company_id","created_at");