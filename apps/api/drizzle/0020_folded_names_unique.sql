-- Names of branches, suppliers and brands are unique whatever their case and accents (issue 28, item 6;
-- docs/product.md). Existing duplicates are renamed first, never refused: the oldest row keeps its name,
-- each later one gets " (2)", " (3)"… (shortened to fit the form's limit), and each rename is reported
-- with RAISE NOTICE. The audit trigger writes nothing here (no actor); the version moves as on any edit.
DO $$
DECLARE
  target record;
  dup record;
  n integer;
  suffix text;
  candidate text;
  taken boolean;
BEGIN
  FOR target IN
    SELECT * FROM (VALUES
      ('branches', 'name', 120, 'Sucursal'),
      ('suppliers', 'business_name', 200, 'Proveedor'),
      ('brands', 'name', 200, 'Marca')
    ) AS t(tbl, col, max_len, label)
  LOOP
    FOR dup IN EXECUTE format(
      'SELECT d.id, d.%1$I AS name FROM %2$I d WHERE EXISTS (SELECT 1 FROM %2$I o
         WHERE f_unaccent(lower(o.%1$I)) = f_unaccent(lower(d.%1$I)) AND o.id < d.id) ORDER BY d.id',
      target.col, target.tbl)
    LOOP
      n := 2;
      LOOP
        suffix := ' (' || n || ')';
        candidate := left(dup.name, target.max_len - length(suffix)) || suffix;
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM %2$I WHERE f_unaccent(lower(%1$I)) = f_unaccent(lower($1)))',
          target.col, target.tbl) INTO taken USING candidate;
        EXIT WHEN NOT taken;
        n := n + 1;
      END LOOP;
      EXECUTE format('UPDATE %2$I SET %1$I = $1 WHERE id = $2', target.col, target.tbl) USING candidate, dup.id;
      RAISE NOTICE '% % «%» tenía un nombre repetido: ahora se llama «%»', target.label, dup.id, dup.name, candidate;
    END LOOP;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "branches_name_key" ON "branches" USING btree (f_unaccent(lower("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_key" ON "brands" USING btree (f_unaccent(lower("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_business_name_key" ON "suppliers" USING btree (f_unaccent(lower("business_name")));