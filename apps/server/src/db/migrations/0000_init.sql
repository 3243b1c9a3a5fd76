CREATE TABLE "app_secrets" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"branch_id" integer,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"branch_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "branches_branch_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_head_office" boolean DEFAULT false NOT NULL,
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
	"line" text DEFAULT '' NOT NULL,
	"tax_branch_no" text DEFAULT '' NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"file_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"branch_id" integer,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ip" text NOT NULL,
	"username" text NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"role_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roles_role_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"all_branches" boolean DEFAULT false NOT NULL,
	"child_branches" boolean DEFAULT false NOT NULL,
	"abilities" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "school_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"vat_mode" text DEFAULT 'exempt' NOT NULL,
	"promptpay_id" text DEFAULT '' NOT NULL,
	"logo" uuid,
	"card_agent_port" integer DEFAULT 8189 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_foreigner" boolean DEFAULT false NOT NULL,
	"idcard" text DEFAULT '' NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"fname" text NOT NULL,
	"sname" text DEFAULT '' NOT NULL,
	"prefix_en" text DEFAULT '' NOT NULL,
	"fname_en" text DEFAULT '' NOT NULL,
	"sname_en" text DEFAULT '' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
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
	"email" text DEFAULT '' NOT NULL,
	"start_date" date,
	"department" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"bank_acc" text DEFAULT '' NOT NULL,
	"bank_acc_type" text DEFAULT 'savings' NOT NULL,
	"branch_branch" text DEFAULT '' NOT NULL,
	"emergency_name" text DEFAULT '' NOT NULL,
	"emergency_phone" text DEFAULT '' NOT NULL,
	"emergency_relation" text DEFAULT '' NOT NULL,
	"photo" uuid,
	"employee_type" text DEFAULT 'monthly' NOT NULL,
	"salary" numeric(14, 2) DEFAULT '0' NOT NULL,
	"extra_salary" numeric(14, 2) DEFAULT '0' NOT NULL,
	"salary_pay_type" text DEFAULT 'transfer' NOT NULL,
	"sso_salary" numeric(14, 2) DEFAULT '0' NOT NULL,
	"day_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_salary_daily" boolean DEFAULT false NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entity" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "branches_code_live" ON "branches" USING btree ("code") WHERE not "branches"."is_delete";--> statement-breakpoint
CREATE INDEX "branches_parent" ON "branches" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_at" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "login_attempts_user_at" ON "login_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_live" ON "users" USING btree (lower("username")) WHERE not "users"."is_delete";--> statement-breakpoint
CREATE INDEX "users_branch" ON "users" USING btree ("branch_id");