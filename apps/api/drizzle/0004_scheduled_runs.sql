CREATE TABLE "scheduled_runs" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"last_slot" varchar(40) NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
