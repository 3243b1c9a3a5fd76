-- Trigram indexes for the free-text search of customers and applications (name, ID number, phone,
-- application code). They need the pg_trgm extension: created where the server offers it (PostgreSQL with
-- its contrib package) and the user may create it; elsewhere (PGlite, which ships no pg_trgm, or a server
-- without contrib) the migration does nothing and search falls back to the prefix indexes of 0005.
-- IF NOT EXISTS: databases started before this migration already have these indexes (made at startup then).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm not created (%): search works without the trigram indexes, only slower', SQLERRM;
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS customers_name_trgm ON customers USING gin ((fname || ' ' || sname) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS customers_idcard_trgm ON customers USING gin (idcard gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS customers_phone_trgm ON customers USING gin (phone_1 gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS applications_code_trgm ON applications USING gin (application_code gin_trgm_ops);
  END IF;
END $$;
