-- The evaluation list's count of a training status over the branches, kept at commit: each stored line says whether
-- its registration is live (not cancelled) and whether its training is complete as the rules are now, and
-- line_training_counts holds how many stored lines each branch has per (live, complete). The list's count of
-- "in training" and "complete" for the chain summed every stored line (263,000 on the chain database: 50–80 ms);
-- it now sums at most 80 rows. A line's refresh, a cancellation, and a change of a course's hours, a criterion or
-- the passing level rewrite the flags and apply their differences to the counts (modules/evaluations/training.ts).
ALTER TABLE "line_training" ADD COLUMN "live" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "line_training" ADD COLUMN "complete" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "line_training_counts" (
	"branch_id" integer NOT NULL,
	"live" boolean NOT NULL,
	"complete" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "line_training_counts_pk" PRIMARY KEY ("branch_id", "live", "complete"),
	CONSTRAINT "line_training_counts_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action
);
--> statement-breakpoint
UPDATE "line_training" lt SET "live" = NOT a."is_delete"
  FROM "application_courses" l JOIN "applications" a ON a."application_id" = l."application_id"
  WHERE l."line_id" = lt."line_id" AND lt."live" = a."is_delete";
--> statement-breakpoint
UPDATE "line_training" lt SET "complete" = d."c"
  FROM (SELECT x."line_id", (x."theory_hours" * 60 + x."lesson_theory_minutes" >= co."theory_hours" * 60
      AND x."practice_hours" * 60 + x."lesson_practice_minutes" >= co."practice_hours" * 60
      AND x."criteria_passed" >= COALESCE(ct."total", 0)) AS "c"
    FROM "line_training" x JOIN "courses" co ON co."course_id" = x."course_id"
    LEFT JOIN (SELECT e."type", count(*)::int AS "total" FROM "evaluates" e
      WHERE NOT e."is_delete" AND e."is_activate" GROUP BY e."type") ct ON ct."type" = x."course_type") d
  WHERE d."line_id" = lt."line_id" AND lt."complete" <> d."c";
--> statement-breakpoint
DELETE FROM "line_training_counts";
--> statement-breakpoint
INSERT INTO "line_training_counts" ("branch_id", "live", "complete", "n")
  SELECT "branch_id", "live", "complete", count(*) FROM "line_training" GROUP BY "branch_id", "live", "complete";
