-- Ledger transfers are append-only (ADR 0009): a correction is a new transfer, never an edit.
CREATE FUNCTION ledger_transfers_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only
  BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate
  BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_refuse_change();
