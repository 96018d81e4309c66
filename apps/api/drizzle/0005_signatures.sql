CREATE TABLE "custom_signers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_signers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"credit_line" varchar(50) NOT NULL,
	"full_name" varchar(150) NOT NULL,
	"register_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_config_signers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signature_config_signers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"config_id" integer NOT NULL,
	"key_signer" varchar(100) NOT NULL,
	"client_id" varchar(50) NOT NULL,
	"signer_id" varchar(100) NOT NULL,
	"signed_by" varchar(300) NOT NULL,
	"is_legal" boolean NOT NULL,
	"is_custom" boolean NOT NULL,
	"is_joint" boolean NOT NULL,
	"selected_value" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signature_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"credit_line" varchar(50) NOT NULL,
	"is_electronic" boolean NOT NULL,
	"version" smallint NOT NULL,
	"register_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_configs_company_line_key" UNIQUE("company_id","credit_line")
);
--> statement-breakpoint
ALTER TABLE "custom_signers" ADD CONSTRAINT "custom_signers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_signers" ADD CONSTRAINT "custom_signers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_config_signers" ADD CONSTRAINT "signature_config_signers_config_id_signature_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."signature_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_configs" ADD CONSTRAINT "signature_configs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_configs" ADD CONSTRAINT "signature_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_signers_company_line_idx" ON "custom_signers" USING btree ("company_id","credit_line");--> statement-breakpoint
CREATE INDEX "signature_config_signers_config_idx" ON "signature_config_signers" USING btree ("config_id");