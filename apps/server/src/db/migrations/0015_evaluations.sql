CREATE TABLE "evaluation_results" (
	"evaluation_id" integer NOT NULL,
	"evaluate_id" integer NOT NULL,
	"level" integer NOT NULL,
	CONSTRAINT "evaluation_results_evaluation_id_evaluate_id_pk" PRIMARY KEY("evaluation_id","evaluate_id")
);
--> statement-breakpoint
CREATE TABLE "evaluation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"levels" jsonb NOT NULL,
	"pass_level" integer NOT NULL,
	"check_items" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_evaluations" (
	"evaluation_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_evaluations_evaluation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"date" date NOT NULL,
	"instructor_id" integer NOT NULL,
	"theory_hours" integer DEFAULT 0 NOT NULL,
	"practice_hours" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_evaluations_hours" CHECK ("student_evaluations"."theory_hours" between 0 and 24 and "student_evaluations"."practice_hours" between 0 and 24)
);
--> statement-breakpoint
CREATE TABLE "vehicle_checks" (
	"check_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_checks_check_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"line_id" integer,
	"check_date" date NOT NULL,
	"exam_date" date NOT NULL,
	"owner" text NOT NULL,
	"vehicle_id" integer,
	"no" text NOT NULL,
	"province" text NOT NULL,
	"type" text NOT NULL,
	"tax_until" date NOT NULL,
	"compulsory_until" date NOT NULL,
	"items" jsonb NOT NULL,
	"result" text NOT NULL,
	"fail_reasons" jsonb NOT NULL,
	"checked_by" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_checks_owner" CHECK ("vehicle_checks"."owner" in ('student', 'school') and ("vehicle_checks"."owner" = 'student' or "vehicle_checks"."vehicle_id" is not null)),
	CONSTRAINT "vehicle_checks_type" CHECK ("vehicle_checks"."type" in ('car', 'motorcycle')),
	CONSTRAINT "vehicle_checks_result" CHECK ("vehicle_checks"."result" in ('pass', 'fail'))
);
--> statement-breakpoint
ALTER TABLE "evaluation_results" ADD CONSTRAINT "evaluation_results_evaluation_id_student_evaluations_evaluation_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."student_evaluations"("evaluation_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_results" ADD CONSTRAINT "evaluation_results_evaluate_id_evaluates_evaluate_id_fk" FOREIGN KEY ("evaluate_id") REFERENCES "public"."evaluates"("evaluate_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_evaluations" ADD CONSTRAINT "student_evaluations_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_evaluations" ADD CONSTRAINT "student_evaluations_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_evaluations" ADD CONSTRAINT "student_evaluations_line_id_application_courses_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."application_courses"("line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_evaluations" ADD CONSTRAINT "student_evaluations_instructor_id_users_user_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_evaluations" ADD CONSTRAINT "student_evaluations_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_checks" ADD CONSTRAINT "vehicle_checks_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_checks" ADD CONSTRAINT "vehicle_checks_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_checks" ADD CONSTRAINT "vehicle_checks_line_id_application_courses_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."application_courses"("line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_checks" ADD CONSTRAINT "vehicle_checks_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_checks" ADD CONSTRAINT "vehicle_checks_checked_by_users_user_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_checks" ADD CONSTRAINT "vehicle_checks_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_results_evaluate" ON "evaluation_results" USING btree ("evaluate_id");--> statement-breakpoint
CREATE INDEX "student_evaluations_line" ON "student_evaluations" USING btree ("line_id","date");--> statement-breakpoint
CREATE INDEX "student_evaluations_branch_date" ON "student_evaluations" USING btree ("branch_id","date");--> statement-breakpoint
CREATE INDEX "vehicle_checks_application" ON "vehicle_checks" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "vehicle_checks_branch_date" ON "vehicle_checks" USING btree ("branch_id","check_date");