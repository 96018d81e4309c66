-- Issue 30 item 6 (decision 084): the audit log is append-only. The lender keeps it 10 years (Mexican law), so no
-- UPDATE, DELETE or TRUNCATE may change a row once written; INSERT (every state change, a restore) stays allowed.
-- ENABLE ALWAYS: the triggers fire even under session_replication_role = replica, which a restore uses.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % is not allowed (rows are kept 10 years; docs/operations.md)', TG_OP
		USING ERRCODE = 'insufficient_privilege', HINT = 'Write a new row instead of changing or removing one.';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ALWAYS TRIGGER "audit_log_append_only";
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ALWAYS TRIGGER "audit_log_no_truncate";
