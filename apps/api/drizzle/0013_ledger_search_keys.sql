CREATE TABLE "point_search_keys" (
	"id" bigint PRIMARY KEY NOT NULL,
	"point_action_id" integer,
	"key" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "point_transactions_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "point_transactions" ADD COLUMN "search_key" bigint GENERATED ALWAYS AS (hashtextextended(coalesce("point_action_id", 0)::text || ':' || coalesce(f_unaccent(lower("description")), ''), 0)) STORED;--> statement-breakpoint
CREATE INDEX "point_search_keys_key_trgm_idx" ON "point_search_keys" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "point_transactions_search_key_created_idx" ON "point_transactions" USING btree ("search_key","created_at","id");--> statement-breakpoint
-- Hand-written below (docs/decisions/2026-11-24-ledger-search-keys.md). Historial's `q` matched the
-- ledger's descriptions through a trigram index, and that match is lossy: counting rechecked every
-- matching row in the heap (20 618 rows over 20 618 of 22 400 blocks at 2 M rows). What `q` can
-- match in a row, besides its seller, is its (action, folded description) pair, and the ledger
-- repeats few pairs: search_key (above) names the pair, point_search_keys holds each pair once, the
-- search matches that small table and counts the ledger by search_key with an index-only scan.
--
-- Every statement that writes the ledger adds the pairs it brought, in its own transaction. A 64-bit
-- hash shared by two different pairs would make the search inexact: such a write is refused. The
-- ledger refuses UPDATE (0002); should that ever be lifted, an update adds its pairs too.
CREATE OR REPLACE FUNCTION point_search_keys_add() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO point_search_keys (id, point_action_id, key)
  SELECT DISTINCT ON (p.search_key) p.search_key, p.point_action_id, coalesce(f_unaccent(lower(p.description)), '')
  FROM (SELECT DISTINCT search_key, point_action_id, description FROM added) p
  WHERE NOT EXISTS (SELECT 1 FROM point_search_keys k WHERE k.id = p.search_key)
  ON CONFLICT (id) DO NOTHING;
  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT search_key, point_action_id, description FROM added) p
    JOIN point_search_keys k ON k.id = p.search_key
    WHERE k.point_action_id IS DISTINCT FROM p.point_action_id
       OR k.key <> coalesce(f_unaccent(lower(p.description)), '')
  ) THEN
    RAISE EXCEPTION 'point_transactions.search_key: two descriptions share a hash' USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER point_search_keys_insert
  AFTER INSERT ON point_transactions
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION point_search_keys_add();
--> statement-breakpoint
CREATE TRIGGER point_search_keys_update
  AFTER UPDATE ON point_transactions
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION point_search_keys_add();
--> statement-breakpoint
-- Backfill: the ledger's distinct pairs (the column above was computed by the table's rewrite).
DO $$
BEGIN
  INSERT INTO point_search_keys (id, point_action_id, key)
  SELECT DISTINCT ON (p.search_key) p.search_key, p.point_action_id, coalesce(f_unaccent(lower(p.description)), '')
  FROM (SELECT DISTINCT search_key, point_action_id, description FROM point_transactions) p;
  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT search_key, point_action_id, description FROM point_transactions) p
    JOIN point_search_keys k ON k.id = p.search_key
    WHERE k.point_action_id IS DISTINCT FROM p.point_action_id
       OR k.key <> coalesce(f_unaccent(lower(p.description)), '')
  ) THEN
    RAISE EXCEPTION 'point_transactions.search_key: two descriptions share a hash' USING ERRCODE = 'P0001';
  END IF;
END $$;
--> statement-breakpoint
-- The audit trail leaves generated columns out (0012): search_key is one.
DROP TRIGGER audit_row ON point_transactions;
--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT ON point_transactions FOR EACH ROW EXECUTE FUNCTION audit_row('skip:search_key');
--> statement-breakpoint
-- Statistics for the new column and table, or the planner guesses (as 0011 did for posts).
ANALYZE point_transactions;
--> statement-breakpoint
ANALYZE point_search_keys;
