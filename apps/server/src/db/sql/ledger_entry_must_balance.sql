-- Every ledger entry balances: the lines of an entry sum to zero (DESIGN.md "Money"). A deferred
-- constraint trigger, so the check runs at commit, after all lines of the entry were inserted in the
-- transaction.
CREATE OR REPLACE FUNCTION "ledger_entry_must_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE CONSTRAINT TRIGGER "ledger_lines_balance"
  AFTER INSERT ON "ledger_lines"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_entry_must_balance"();
