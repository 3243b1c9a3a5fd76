-- The lessons list over every branch pages newest first: an index in its order lets the page be read from the top of
-- the date range instead of sorting every lesson of the range (78,000 for two weeks of the chain database, sorted on
-- disk: 60 ms); the count of the range is an index-only scan of it. The list's class filter offers the theory classes
-- of three months: a partial index of the classes alone.
CREATE INDEX IF NOT EXISTS "lessons_start" ON "lessons" USING btree ("starts_at" DESC, "lesson_id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lessons_classes_start" ON "lessons" USING btree ("starts_at") WHERE "kind" = 'class';
