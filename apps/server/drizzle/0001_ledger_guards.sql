-- Ledger guards that a schema declaration cannot express (DESIGN.md "Money").
-- 1. Every entry balances: the lines of an entry sum to zero. The check is a deferred constraint
--    trigger, so it runs at commit, after all lines of the entry were inserted in the transaction.
CREATE FUNCTION "ledger_entry_must_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum("amount_cents"), 0) INTO total FROM "ledger_lines" WHERE "entry_id" = NEW."entry_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance (lines sum to %)', NEW."entry_id", total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_lines_balance';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_lines_balance"
  AFTER INSERT ON "ledger_lines"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_entry_must_balance"();
--> statement-breakpoint
-- 2. Entries and lines are append-only: a mistake is corrected by a new, reversing entry.
CREATE FUNCTION "ledger_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only"
  BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_lines_append_only"
  BEFORE UPDATE OR DELETE ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();
