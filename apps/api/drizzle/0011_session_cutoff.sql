CREATE TABLE "reset_code_failures" (
	"email" varchar(320) NOT NULL,
	"client" varchar(100) NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reset_code_failures_email_client_pk" PRIMARY KEY("email","client")
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "family_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens" USING btree ("family_id");