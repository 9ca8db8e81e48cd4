-- The audit trail is append-only (issue 37): who did what is never changed or removed, by the app or
-- by a mistake; no UPDATE, DELETE or TRUNCATE of `audit_log` passes. The one exception is the test
-- harness, which empties every table between tests (test/database.ts) in a transaction marked with
-- the setting `audit_log.emptying_test_database` (set_config(..., true): it ends with it).
CREATE OR REPLACE FUNCTION "audit_log_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' AND current_setting('audit_log.emptying_test_database', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END
$$;

CREATE TRIGGER "audit_log_append_only"
  BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_is_append_only"();

CREATE TRIGGER "audit_log_no_truncate"
  BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_is_append_only"();
