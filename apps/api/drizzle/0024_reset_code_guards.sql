CREATE TABLE "reset_code_guards" (
	"email" varchar(320) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"failures_window_ends_at" timestamp with time zone,
	"requests" integer DEFAULT 0 NOT NULL,
	"requests_window_ends_at" timestamp with time zone,
	"requester" varchar(100),
	"requested_at" timestamp with time zone
);
