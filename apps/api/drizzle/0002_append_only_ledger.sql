-- Point transactions are never changed nor deleted (DECISIONS §4): corrections are new rows.
CREATE OR REPLACE FUNCTION point_transactions_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'point_transactions is append-only' USING ERRCODE = 'P0001'; END $$;
--> statement-breakpoint
CREATE TRIGGER point_transactions_append_only
  BEFORE UPDATE OR DELETE ON point_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION point_transactions_append_only();
