-- An advance not recovered in a month may be carried to the next month as its own line (Labour Protection Act s.76
-- limits what one month may deduct): the line keeps the amount carried, and next month's sheet shows it as an item of
-- category advance_carried ("เงินเบิกล่วงหน้ายกมา"), added here beside each existing advance item.
ALTER TABLE "payroll_lines" ADD COLUMN "carry_advance" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_carry_advance" CHECK ("payroll_lines"."carry_advance" >= 0);--> statement-breakpoint
INSERT INTO "list_payroll" ("branch_id", "name", "value", "title_value", "condition", "category", "status", "type")
SELECT a."branch_id", 'เงินเบิกล่วงหน้ายกมา', 0, a."title_value", 'fill', 'advance_carried', 'active', 'deduction'
FROM "list_payroll" a
WHERE a."category" = 'advance' AND NOT a."is_delete"
  AND NOT EXISTS (SELECT 1 FROM "list_payroll" c WHERE c."branch_id" = a."branch_id" AND c."category" = 'advance_carried' AND NOT c."is_delete");
