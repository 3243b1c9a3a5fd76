-- The training hours the evaluation list and the exam rules read come from completed lessons: a course line's stored
-- figures keep the minutes of its completed practical lessons and theory-class seats beside the hours typed on its
-- evaluations before the lessons module (recorded history). A line with completed lessons only has no evaluation.
ALTER TABLE "line_training" ADD COLUMN "lesson_theory_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "line_training" ADD COLUMN "lesson_practice_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill (hand-written): the lines with completed lessons, the same statements as refreshLineTraining
-- (modules/evaluations/training.ts) runs for one line at each evaluation change and lesson completion.
delete from line_criterion_levels where line_id in (select line_id from lessons where state = 'done' and line_id is not null);--> statement-breakpoint
insert into line_criterion_levels (line_id, evaluate_id, level)
      select distinct on (se.line_id, er.evaluate_id) se.line_id, er.evaluate_id, er.level
      from evaluation_results er join student_evaluations se on se.evaluation_id = er.evaluation_id
      where not se.is_delete and se.line_id in (select line_id from lessons where state = 'done' and line_id is not null)
      order by se.line_id, er.evaluate_id, se.date desc, se.evaluation_id desc;--> statement-breakpoint
delete from line_training where line_id in (select line_id from lessons where state = 'done' and line_id is not null);--> statement-breakpoint
insert into line_training (line_id, branch_id, course_id, course_type, theory_hours, practice_hours,
        lesson_theory_minutes, lesson_practice_minutes, last_date, evaluations, criteria_passed)
      select l.line_id, a.branch_id, l.course_id, l.course_type, coalesce(e.theory, 0), coalesce(e.practice, 0),
        coalesce(x.theory, 0), coalesce(x.practice, 0), greatest(e.last_date, x.last_date), coalesce(e.n, 0), 0
      from application_courses l join applications a on a.application_id = l.application_id
      left join (select se.line_id, sum(se.theory_hours)::int as theory, sum(se.practice_hours)::int as practice,
    max(se.date) as last_date, count(*)::int as n from student_evaluations se where not se.is_delete and se.line_id in (select line_id from lessons where state = 'done' and line_id is not null) group by se.line_id) e on e.line_id = l.line_id
      left join (select ls.line_id, coalesce(sum(ls.minutes) filter (where ls.kind = 'seat'), 0)::int as theory,
    coalesce(sum(ls.minutes) filter (where ls.kind = 'practice'), 0)::int as practice,
    max((ls.starts_at at time zone 'Asia/Bangkok')::date) as last_date
    from lessons ls where ls.state = 'done' and ls.line_id is not null and ls.line_id in (select line_id from lessons where state = 'done' and line_id is not null) group by ls.line_id) x on x.line_id = l.line_id
      where l.line_id in (select line_id from lessons where state = 'done' and line_id is not null) and (e.line_id is not null or x.line_id is not null);--> statement-breakpoint
with p as (select lt.line_id, (select count(*)::int from line_criterion_levels ll
        join evaluates e on e.evaluate_id = ll.evaluate_id and not e.is_delete and e.is_activate
        where ll.line_id = lt.line_id and e.type = l.course_type and ll.level >= coalesce((select pass_level from evaluation_settings where id = 1), 2)) as n
      from line_training lt join application_courses l on l.line_id = lt.line_id where lt.line_id in (select line_id from lessons where state = 'done' and line_id is not null))
    update line_training lt set criteria_passed = p.n from p where p.line_id = lt.line_id and lt.criteria_passed <> p.n;
