-- Extensions and helpers the schema's indexes need. Both are trusted extensions
-- (PostgreSQL 13+), and PGlite loads them from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index.
-- This IMMUTABLE wrapper pins the dictionary, the usual way to index accent-insensitive text.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
