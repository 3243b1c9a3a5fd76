-- The Social Security Office's own numbers: the school's 10-digit employer account and each branch's 6-digit
-- SSO branch number (the สปส.1-10 file is keyed by them; the tax ID and the Revenue Department's branch number differ).
ALTER TABLE "school_settings" ADD COLUMN "sso_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "sso_branch_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- the SSO numbers a head office 000000
UPDATE "branches" SET "sso_branch_no" = '000000' WHERE "is_head_office";
