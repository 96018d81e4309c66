CREATE TABLE "credit_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"crm_line_id" varchar(50) NOT NULL,
	"client_number" varchar(50) NOT NULL,
	"company_id" integer,
	"type_line" varchar(9) NOT NULL,
	"monto_autorizado" numeric(14, 2) NOT NULL,
	"monto_restante" numeric(14, 2) NOT NULL,
	"plazos" varchar(100) DEFAULT '' NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_lines_monto_restante_not_negative" CHECK ("credit_lines"."monto_restante" >= 0)
);
--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_lines_crm_line_unique" ON "credit_lines" USING btree ("crm_line_id");--> statement-breakpoint
CREATE INDEX "credit_lines_client_idx" ON "credit_lines" USING btree ("client_number");