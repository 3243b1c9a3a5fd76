CREATE TABLE "fleet_rules" (
	"rule_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleet_rules_rule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"effective_from" date NOT NULL,
	"remind_days" integer NOT NULL,
	"tax_late_rate" numeric(5, 2) NOT NULL,
	"tax_early_days" integer NOT NULL,
	"car_check_age" integer NOT NULL,
	"motorcycle_check_age" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "renew_prev" date;--> statement-breakpoint
ALTER TABLE "fleet_rules" ADD CONSTRAINT "fleet_rules_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_rules_from" ON "fleet_rules" USING btree ("effective_from");--> statement-breakpoint
INSERT INTO "fleet_rules" ("effective_from", "remind_days", "tax_late_rate", "tax_early_days", "car_check_age", "motorcycle_check_age") VALUES ('2000-01-01', 30, 1.00, 90, 7, 5);
