-- The wage actually paid that the social security is computed on (ค่าจ้างที่จ่ายจริง, before the floor 1,650 and the
-- ceiling), stored on each line by the engine when the line is computed, so that the สปส.1-10 of an approved month
-- reads what was approved: the file used to work it out again from the line and the items' category in today's
-- catalogue, and changed when a category was changed. Existing lines get the figure the file reported for them,
-- by the same formula from the stored line and items with their category: salary + extra pay + the teaching and
-- commission incomes − the absence (never more than the salary and extra pay). No line falls back to sso_base.
ALTER TABLE "payroll_lines" ADD COLUMN "sso_wage" numeric(14, 2);
--> statement-breakpoint
UPDATE "payroll_lines" l SET "sso_wage" = l."salary" + l."extra"
  + COALESCE((SELECT sum(i."amount") FROM "payroll_line_items" i
      JOIN "list_payroll" c ON c."list_payroll_id" = i."list_payroll_id"
      WHERE i."line_id" = l."line_id" AND i."type" = 'income' AND c."category" IN ('teaching', 'commission')), 0)
  - LEAST(l."absence", l."salary" + l."extra");
--> statement-breakpoint
ALTER TABLE "payroll_lines" ALTER COLUMN "sso_wage" SET NOT NULL;
