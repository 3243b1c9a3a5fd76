CREATE TABLE "line_criterion_levels" (
	"line_id" integer NOT NULL,
	"evaluate_id" integer NOT NULL,
	"level" integer NOT NULL,
	CONSTRAINT "line_criterion_levels_line_id_evaluate_id_pk" PRIMARY KEY("line_id","evaluate_id")
);
--> statement-breakpoint
CREATE TABLE "line_training" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"theory_hours" integer NOT NULL,
	"practice_hours" integer NOT NULL,
	"last_date" date NOT NULL,
	"evaluations" integer NOT NULL,
	"criteria_passed" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_criterion_levels" ADD CONSTRAINT "line_criterion_levels_line_id_application_courses_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."application_courses"("line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_criterion_levels" ADD CONSTRAINT "line_criterion_levels_evaluate_id_evaluates_evaluate_id_fk" FOREIGN KEY ("evaluate_id") REFERENCES "public"."evaluates"("evaluate_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_training" ADD CONSTRAINT "line_training_line_id_application_courses_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."application_courses"("line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_training" ADD CONSTRAINT "line_training_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_criterion_levels_evaluate" ON "line_criterion_levels" USING btree ("evaluate_id");--> statement-breakpoint
CREATE INDEX "line_training_branch" ON "line_training" USING btree ("branch_id");--> statement-breakpoint
-- Backfill (hand-written): every evaluated line's figures from its live evaluations, the same statements as
-- refreshLineTraining (modules/evaluations/training.ts) runs for one line at each evaluation record, update and delete.
delete from line_criterion_levels where line_id in (select line_id from student_evaluations);--> statement-breakpoint
insert into line_criterion_levels (line_id, evaluate_id, level)
  select distinct on (se.line_id, er.evaluate_id) se.line_id, er.evaluate_id, er.level
  from evaluation_results er join student_evaluations se on se.evaluation_id = er.evaluation_id
  where not se.is_delete and se.line_id in (select line_id from student_evaluations)
  order by se.line_id, er.evaluate_id, se.date desc, se.evaluation_id desc;--> statement-breakpoint
delete from line_training where line_id in (select line_id from student_evaluations);--> statement-breakpoint
insert into line_training (line_id, branch_id, theory_hours, practice_hours, last_date, evaluations, criteria_passed)
  select se.line_id, a.branch_id, sum(se.theory_hours), sum(se.practice_hours), max(se.date), count(*), 0
  from student_evaluations se join application_courses l on l.line_id = se.line_id
  join applications a on a.application_id = l.application_id
  where not se.is_delete and se.line_id in (select line_id from student_evaluations) group by se.line_id, a.branch_id;--> statement-breakpoint
with p as (select lt.line_id, (select count(*)::int from line_criterion_levels ll
  join evaluates e on e.evaluate_id = ll.evaluate_id and not e.is_delete and e.is_activate
  where ll.line_id = lt.line_id and e.type = l.course_type and ll.level >= coalesce((select pass_level from evaluation_settings where id = 1), 2)) as n
  from line_training lt join application_courses l on l.line_id = lt.line_id where lt.line_id in (select line_id from student_evaluations))
  update line_training lt set criteria_passed = p.n from p where p.line_id = lt.line_id and lt.criteria_passed <> p.n;--> statement-breakpoint
ANALYZE "line_training";--> statement-breakpoint
ANALYZE "line_criterion_levels";
