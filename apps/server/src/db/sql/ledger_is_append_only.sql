-- Ledger entries and lines are append-only: a mistake is corrected by a new, reversing entry.
-- The one exception is closing the books (decision 054): the retention job deletes entries past seven
-- years in a transaction that also posts their net as a carried-forward entry, and marks that
-- transaction with the setting `ledger.closing_books` (set_config(..., true): it ends with it), so
-- no other statement can delete by accident. Nothing may ever update them.
CREATE OR REPLACE FUNCTION "ledger_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('ledger.closing_books', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END
$$;

CREATE TRIGGER "ledger_entries_append_only"
  BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();

CREATE TRIGGER "ledger_lines_append_only"
  BEFORE UPDATE OR DELETE ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();
