CREATE TABLE "payroll_line_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payroll_line_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_id" integer NOT NULL,
	"list_payroll_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"condition" text NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"per_value" numeric(10, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_lines" (
	"line_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payroll_lines_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payroll_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_daily" boolean DEFAULT false NOT NULL,
	"rate" numeric(14, 2) DEFAULT '0' NOT NULL,
	"days_worked" integer DEFAULT 0 NOT NULL,
	"employed_days" integer DEFAULT 0 NOT NULL,
	"end_date" date,
	"salary" numeric(14, 2) DEFAULT '0' NOT NULL,
	"income" numeric(14, 2) DEFAULT '0' NOT NULL,
	"deduction" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sso_base" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sso_employee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sso_employer" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(14, 2) DEFAULT '0' NOT NULL,
	"net" numeric(14, 2) DEFAULT '0' NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_rates" (
	"rate_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payroll_rates_rate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"valid_from" date NOT NULL,
	"params" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_rates_kind" CHECK ("payroll_rates"."kind" in ('sso', 'tax'))
);
--> statement-breakpoint
CREATE TABLE "payroll_user_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payroll_user_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"list_payroll_id" integer NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"per_value" numeric(10, 2) DEFAULT '0' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payrolls" (
	"payroll_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payrolls_payroll_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"salary" numeric(14, 2) DEFAULT '0' NOT NULL,
	"income" numeric(14, 2) DEFAULT '0' NOT NULL,
	"deduction" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sso_employee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sso_employer" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(14, 2) DEFAULT '0' NOT NULL,
	"net" numeric(14, 2) DEFAULT '0' NOT NULL,
	"employees" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"reopened_by" integer,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payrolls_status" CHECK ("payrolls"."status" in ('draft', 'submitted', 'confirmed', 'approved')),
	CONSTRAINT "payrolls_month_format" CHECK ("payrolls"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "payslips" (
	"payslip_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payslips_payslip_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payroll_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"month" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"net" numeric(14, 2) DEFAULT '0' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payroll_line_items" ADD CONSTRAINT "payroll_line_items_line_id_payroll_lines_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."payroll_lines"("line_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_line_items" ADD CONSTRAINT "payroll_line_items_list_payroll_id_list_payroll_list_payroll_id_fk" FOREIGN KEY ("list_payroll_id") REFERENCES "public"."list_payroll"("list_payroll_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_payroll_id_payrolls_payroll_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("payroll_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_user_items" ADD CONSTRAINT "payroll_user_items_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_user_items" ADD CONSTRAINT "payroll_user_items_list_payroll_id_list_payroll_list_payroll_id_fk" FOREIGN KEY ("list_payroll_id") REFERENCES "public"."list_payroll"("list_payroll_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_submitted_by_users_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_confirmed_by_users_user_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_approved_by_users_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_reopened_by_users_user_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_payroll_id_payrolls_payroll_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("payroll_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_issued_by_users_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_line_items_line" ON "payroll_line_items" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_lines_payroll_user" ON "payroll_lines" USING btree ("payroll_id","user_id");--> statement-breakpoint
CREATE INDEX "payroll_lines_user" ON "payroll_lines" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_rates_kind_from" ON "payroll_rates" USING btree ("kind","valid_from");--> statement-breakpoint
CREATE INDEX "payroll_user_items_user" ON "payroll_user_items" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_branch_month" ON "payrolls" USING btree ("branch_id","month");--> statement-breakpoint
CREATE INDEX "payrolls_month" ON "payrolls" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_payroll_user_version" ON "payslips" USING btree ("payroll_id","user_id","version");--> statement-breakpoint
CREATE INDEX "payslips_month" ON "payslips" USING btree ("month");