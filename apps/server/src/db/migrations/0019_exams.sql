CREATE TABLE "exam_attempts" (
	"attempt_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_attempts_attempt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"theory_score" integer,
	"theory_total" integer,
	"practical" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"booked_by" integer NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_attempts_status" CHECK ("exam_attempts"."status" in ('booked', 'passed', 'failed', 'absent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "exam_permission_history" (
	"history_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_permission_history_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_id" integer NOT NULL,
	"action" text NOT NULL,
	"old_value" text DEFAULT '' NOT NULL,
	"new_value" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"request_application_id" integer,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_permissions" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"permission_date" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_sessions" (
	"session_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_sessions_session_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"exam_date" date NOT NULL,
	"start_time" text DEFAULT '09:00' NOT NULL,
	"kind" text NOT NULL,
	"course_type" text NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"recorded" integer DEFAULT 0 NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"examiner" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_sessions_kind" CHECK ("exam_sessions"."kind" in ('theory', 'practical')),
	CONSTRAINT "exam_sessions_seats" CHECK ("exam_sessions"."capacity" > 0 and "exam_sessions"."booked" >= 0 and "exam_sessions"."booked" <= "exam_sessions"."capacity")
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "exam_needs_full_payment" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "exam_theory_questions" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "exam_theory_pass_mark" integer DEFAULT 45 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "exam_retake_wait_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "exam_permission_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "exam_permission_warn_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "exam_min_training_hours" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "exam_extend_fee_id" integer;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "exam_changedate_fee_id" integer;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_session_id_exam_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("session_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_line_id_application_courses_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."application_courses"("line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_booked_by_users_user_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_recorded_by_users_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_permission_history" ADD CONSTRAINT "exam_permission_history_line_id_application_courses_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."application_courses"("line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_permission_history" ADD CONSTRAINT "exam_permission_history_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_permissions" ADD CONSTRAINT "exam_permissions_line_id_application_courses_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."application_courses"("line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_permissions" ADD CONSTRAINT "exam_permissions_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_permissions" ADD CONSTRAINT "exam_permissions_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_live_seat" ON "exam_attempts" USING btree ("session_id","line_id") WHERE "exam_attempts"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "exam_attempts_session" ON "exam_attempts" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_line" ON "exam_attempts" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_customer" ON "exam_attempts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "exam_permission_history_line" ON "exam_permission_history" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "exam_permissions_date" ON "exam_permissions" USING btree ("permission_date");--> statement-breakpoint
CREATE INDEX "exam_sessions_date_branch" ON "exam_sessions" USING btree ("exam_date","branch_id");--> statement-breakpoint
CREATE INDEX "exam_sessions_branch_date" ON "exam_sessions" USING btree ("branch_id","exam_date");