CREATE TABLE "accounting_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"expenses_id" integer,
	"income_id" integer,
	"file_id" uuid NOT NULL,
	"file_type" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "accounting_files_owner" CHECK (("accounting_files"."expenses_id" is null) <> ("accounting_files"."income_id" is null))
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"expenses_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expenses_expenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"list_expenses_id" integer NOT NULL,
	"date" date NOT NULL,
	"vehicle_id" integer,
	"user_id" integer,
	"detail" text DEFAULT '' NOT NULL,
	"pay_type" text NOT NULL,
	"mile" integer,
	"liters" numeric(10, 2),
	"is_full_tank" boolean DEFAULT false NOT NULL,
	"renew_kind" text,
	"renew_until" date,
	"value" numeric(14, 2) NOT NULL,
	"created_by" integer NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_value" CHECK ("expenses"."value" > 0),
	CONSTRAINT "expenses_pay_type" CHECK ("expenses"."pay_type" in ('cash', 'transfer')),
	CONSTRAINT "expenses_renew_kind" CHECK ("expenses"."renew_kind" is null or "expenses"."renew_kind" in ('check', 'compulsory', 'insurance', 'tax'))
);
--> statement-breakpoint
CREATE TABLE "other_incomes" (
	"income_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "other_incomes_income_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"pay_type" text NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"created_by" integer NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "other_incomes_value" CHECK ("other_incomes"."value" > 0),
	CONSTRAINT "other_incomes_pay_type" CHECK ("other_incomes"."pay_type" in ('cash', 'transfer'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_odometer" (
	"reading_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_odometer_reading_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vehicle_id" integer NOT NULL,
	"mile" integer NOT NULL,
	"date" date NOT NULL,
	"expenses_id" integer,
	"created_by" integer,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_odometer_mile" CHECK ("vehicle_odometer"."mile" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"vehicle_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_vehicle_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"no" text NOT NULL,
	"province" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_exam" boolean DEFAULT false NOT NULL,
	"purchase_date" date,
	"registration_date" date,
	"insurance_company" text DEFAULT '' NOT NULL,
	"insurance_type" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"noti_check" date,
	"noti_compulsory" date,
	"noti_insurance" date,
	"noti_tax" date,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_type" CHECK ("vehicles"."type" in ('car', 'motorcycle'))
);
--> statement-breakpoint
ALTER TABLE "accounting_files" ADD CONSTRAINT "accounting_files_expenses_id_expenses_expenses_id_fk" FOREIGN KEY ("expenses_id") REFERENCES "public"."expenses"("expenses_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_files" ADD CONSTRAINT "accounting_files_income_id_other_incomes_income_id_fk" FOREIGN KEY ("income_id") REFERENCES "public"."other_incomes"("income_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_files" ADD CONSTRAINT "accounting_files_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_list_expenses_id_list_expenses_list_expenses_id_fk" FOREIGN KEY ("list_expenses_id") REFERENCES "public"."list_expenses"("list_expenses_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_incomes" ADD CONSTRAINT "other_incomes_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_incomes" ADD CONSTRAINT "other_incomes_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_odometer" ADD CONSTRAINT "vehicle_odometer_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_odometer" ADD CONSTRAINT "vehicle_odometer_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_files_expense" ON "accounting_files" USING btree ("expenses_id");--> statement-breakpoint
CREATE INDEX "accounting_files_income" ON "accounting_files" USING btree ("income_id");--> statement-breakpoint
CREATE INDEX "expenses_branch_date" ON "expenses" USING btree ("branch_id","date");--> statement-breakpoint
CREATE INDEX "expenses_vehicle" ON "expenses" USING btree ("vehicle_id","date");--> statement-breakpoint
CREATE INDEX "other_incomes_branch_date" ON "other_incomes" USING btree ("branch_id","date");--> statement-breakpoint
CREATE INDEX "vehicle_odometer_vehicle" ON "vehicle_odometer" USING btree ("vehicle_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_live" ON "vehicles" USING btree ("no","province") WHERE not "vehicles"."is_delete";--> statement-breakpoint
CREATE INDEX "vehicles_branch" ON "vehicles" USING btree ("branch_id");