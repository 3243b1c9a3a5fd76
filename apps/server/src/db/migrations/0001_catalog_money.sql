CREATE TABLE "course_types" (
	"course_type_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_types_course_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"course_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courses_course_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"type" text NOT NULL,
	"theory_hours" integer DEFAULT 0 NOT NULL,
	"practice_hours" integer DEFAULT 0 NOT NULL,
	"is_activate" boolean DEFAULT true NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluates" (
	"evaluate_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluates_evaluate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_activate" boolean DEFAULT true NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_categories" (
	"category_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expense_categories_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_expenses" (
	"list_expenses_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "list_expenses_list_expenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_payroll" (
	"list_payroll_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "list_payroll_list_payroll_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"title_value" text DEFAULT '' NOT NULL,
	"condition" text DEFAULT 'fill' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"type" text DEFAULT 'income' NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "other_fees" (
	"other_fee_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "other_fees_other_fee_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"is_request_fee" boolean DEFAULT false NOT NULL,
	"is_activate" boolean DEFAULT true NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"promotion_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_promotion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'ทั้งหมด' NOT NULL,
	"type_discount" text DEFAULT 'percent' NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"is_unlimit" boolean DEFAULT false NOT NULL,
	"limit" integer DEFAULT 0 NOT NULL,
	"usage" integer DEFAULT 0 NOT NULL,
	"is_activate" boolean DEFAULT true NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_courses" (
	"line_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_courses_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"course_id" integer NOT NULL,
	"course_name" text NOT NULL,
	"course_type" text NOT NULL,
	"promotion_id" integer,
	"promotion_code" text DEFAULT '' NOT NULL,
	"exam_date" date,
	"cost" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "application_courses_money" CHECK ("application_courses"."cost" >= 0 and "application_courses"."discount" >= 0 and "application_courses"."discount" <= "application_courses"."cost")
);
--> statement-breakpoint
CREATE TABLE "application_fees" (
	"line_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_fees_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"other_fee_id" integer NOT NULL,
	"other_fee_name" text NOT NULL,
	"is_request_fee" boolean DEFAULT false NOT NULL,
	"date" date,
	"cost" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "application_fees_money" CHECK ("application_fees"."cost" >= 0 and "application_fees"."discount" >= 0 and "application_fees"."discount" <= "application_fees"."cost")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"application_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_application_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text DEFAULT 'course' NOT NULL,
	"branch_id" integer NOT NULL,
	"application_code" text NOT NULL,
	"customer_id" integer NOT NULL,
	"related_application_id" integer,
	"status" text NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"paid" numeric(14, 2) NOT NULL,
	"balance" numeric(14, 2) NOT NULL,
	"paid_cash" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_transfer" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refunded" numeric(14, 2) DEFAULT '0' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_application_code_unique" UNIQUE("application_code"),
	CONSTRAINT "applications_identities" CHECK ("applications"."net" = "applications"."total" - "applications"."discount" and "applications"."balance" = "applications"."net" - "applications"."paid"
    and "applications"."discount" >= 0 and "applications"."discount" <= "applications"."total" and "applications"."paid" >= 0 and "applications"."paid" <= "applications"."net" and "applications"."refunded" >= 0
    and "applications"."paid" = "applications"."paid_cash" + "applications"."paid_transfer"),
	CONSTRAINT "applications_kind" CHECK ("applications"."kind" in ('course', 'fee', 'request'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_customer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_foreigner" boolean DEFAULT false NOT NULL,
	"idcard" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"fname" text NOT NULL,
	"sname" text DEFAULT '' NOT NULL,
	"fname_en" text DEFAULT '' NOT NULL,
	"sname_en" text DEFAULT '' NOT NULL,
	"birthday" date,
	"address" text DEFAULT '' NOT NULL,
	"moo" text DEFAULT '' NOT NULL,
	"soi" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"subdistrict" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"phone_1" text DEFAULT '' NOT NULL,
	"phone_2" text DEFAULT '' NOT NULL,
	"branch_id" integer NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_sequences" (
	"branch_id" integer NOT NULL,
	"be_year" integer NOT NULL,
	"series" text NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "doc_sequences_branch_id_be_year_series_pk" PRIMARY KEY("branch_id","be_year","series")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"payment_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"kind" text DEFAULT 'payment' NOT NULL,
	"payment_code" text NOT NULL,
	"pay_type" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"business_date" date NOT NULL,
	"created_by" integer NOT NULL,
	"is_void" boolean DEFAULT false NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_payment_code_unique" UNIQUE("payment_code"),
	CONSTRAINT "payments_sign" CHECK (("payments"."kind" = 'payment' and "payments"."amount" > 0) or ("payments"."kind" = 'refund' and "payments"."amount" < 0)),
	CONSTRAINT "payments_pay_type" CHECK ("payments"."pay_type" in ('cash', 'transfer'))
);
--> statement-breakpoint
CREATE TABLE "promotion_usages" (
	"usage_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_usages_usage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promotion_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"snapshot" jsonb NOT NULL,
	"pdf" "bytea",
	"print_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_expenses" ADD CONSTRAINT "list_expenses_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_expenses" ADD CONSTRAINT "list_expenses_category_id_expense_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."expense_categories"("category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_payroll" ADD CONSTRAINT "list_payroll_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_fees" ADD CONSTRAINT "other_fees_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_courses" ADD CONSTRAINT "application_courses_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_courses" ADD CONSTRAINT "application_courses_course_id_courses_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("course_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_courses" ADD CONSTRAINT "application_courses_promotion_id_promotions_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("promotion_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_fees" ADD CONSTRAINT "application_fees_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_fees" ADD CONSTRAINT "application_fees_other_fee_id_other_fees_other_fee_id_fk" FOREIGN KEY ("other_fee_id") REFERENCES "public"."other_fees"("other_fee_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD CONSTRAINT "promotion_usages_promotion_id_promotions_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("promotion_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD CONSTRAINT "promotion_usages_application_id_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_types_name_live" ON "course_types" USING btree ("name") WHERE not "course_types"."is_delete";--> statement-breakpoint
CREATE INDEX "courses_branch" ON "courses" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "list_expenses_branch" ON "list_expenses" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "list_payroll_branch" ON "list_payroll" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "other_fees_branch" ON "other_fees" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_live" ON "promotions" USING btree ("branch_id",upper("code")) WHERE not "promotions"."is_delete";--> statement-breakpoint
CREATE INDEX "application_courses_app" ON "application_courses" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_fees_app" ON "application_fees" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "applications_branch_created" ON "applications" USING btree ("branch_id","created_at" DESC NULLS LAST,"application_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_created" ON "applications" USING btree ("created_at" DESC NULLS LAST,"application_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_customer" ON "applications" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "applications_status_created" ON "applications" USING btree ("status","created_at" DESC NULLS LAST,"application_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_identity" ON "customers" USING btree ("is_foreigner",upper("idcard"));--> statement-breakpoint
CREATE INDEX "customers_phone" ON "customers" USING btree ("phone_1");--> statement-breakpoint
CREATE INDEX "payments_app" ON "payments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "payments_branch_day" ON "payments" USING btree ("branch_id","business_date");--> statement-breakpoint
CREATE INDEX "payments_day" ON "payments" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "promotion_usages_promotion" ON "promotion_usages" USING btree ("promotion_id");