-- The payroll workflow's roles, a setting of the school (one row): which roles submit, confirm and approve a month
-- (an empty list: every role with the route's ability), and whether a school with one owner may approve a month
-- that owner submitted. A request decided by its own maker is marked self_decided, and only such a row may break
-- the maker–checker rule.
CREATE TABLE "payroll_workflow" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"submit_roles" text[] DEFAULT '{}' NOT NULL,
	"confirm_roles" text[] DEFAULT '{}' NOT NULL,
	"approve_roles" text[] DEFAULT '{owner}' NOT NULL,
	"owner_self_approve" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_workflow_one_row" CHECK ("payroll_workflow"."id" = 1),
	CONSTRAINT "payroll_workflow_approvers" CHECK (cardinality("payroll_workflow"."approve_roles") > 0)
);--> statement-breakpoint
ALTER TABLE "payroll_workflow" ADD CONSTRAINT "payroll_workflow_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "self_decided" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_maker_checker";--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_checker" CHECK ("approval_requests"."decided_by" is null or "approval_requests"."decided_by" <> "approval_requests"."requested_by" or "approval_requests"."self_decided");
