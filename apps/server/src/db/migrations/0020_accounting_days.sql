CREATE TABLE "expense_days" (
	"branch_id" integer NOT NULL,
	"date" date NOT NULL,
	"list_expenses_id" integer NOT NULL,
	"pay_type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"value" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "expense_days_branch_id_date_list_expenses_id_pay_type_pk" PRIMARY KEY("branch_id","date","list_expenses_id","pay_type")
);
--> statement-breakpoint
CREATE TABLE "income_days" (
	"branch_id" integer NOT NULL,
	"date" date NOT NULL,
	"source" text NOT NULL,
	"refund" boolean NOT NULL,
	"pay_type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"value" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "income_days_branch_id_date_source_refund_pay_type_pk" PRIMARY KEY("branch_id","date","source","refund","pay_type")
);
--> statement-breakpoint
CREATE INDEX "expense_days_date" ON "expense_days" USING btree ("date");--> statement-breakpoint
CREATE INDEX "income_days_date" ON "income_days" USING btree ("date");--> statement-breakpoint
-- Per-day income and expense totals follow each payment, other income and expense at COMMIT (deferred constraint
-- triggers, as application_stats does): a change subtracts the old row's part and adds the new row's, so a void,
-- a pay-type change, a moved date or branch, a soft delete all keep the totals exact.
CREATE OR REPLACE FUNCTION income_days_delta(b integer, d date, src text, rf boolean, pt text, dn integer, dv numeric) RETURNS void AS $$
  INSERT INTO income_days AS s (branch_id, date, source, refund, pay_type, n, value) VALUES (b, d, src, rf, pt, dn, dv)
  ON CONFLICT (branch_id, date, source, refund, pay_type) DO UPDATE SET n = s.n + excluded.n, value = s.value + excluded.value;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION income_days_payments() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_void THEN
    PERFORM income_days_delta(OLD.branch_id, OLD.business_date, (SELECT kind FROM applications WHERE application_id = OLD.application_id),
      OLD.kind = 'refund', OLD.pay_type, -1, -OLD.amount);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_void THEN
    PERFORM income_days_delta(NEW.branch_id, NEW.business_date, (SELECT kind FROM applications WHERE application_id = NEW.application_id),
      NEW.kind = 'refund', NEW.pay_type, 1, NEW.amount);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER income_days_payments_trg AFTER INSERT OR UPDATE OR DELETE ON payments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION income_days_payments();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION income_days_other() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_delete THEN
    PERFORM income_days_delta(OLD.branch_id, OLD.date, 'other', false, OLD.pay_type, -1, -OLD.value);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_delete THEN
    PERFORM income_days_delta(NEW.branch_id, NEW.date, 'other', false, NEW.pay_type, 1, NEW.value);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER income_days_other_trg AFTER INSERT OR UPDATE OR DELETE ON other_incomes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION income_days_other();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION expense_days_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_delete THEN
    INSERT INTO expense_days AS s (branch_id, date, list_expenses_id, pay_type, n, value) VALUES (OLD.branch_id, OLD.date, OLD.list_expenses_id, OLD.pay_type, -1, -OLD.value)
    ON CONFLICT (branch_id, date, list_expenses_id, pay_type) DO UPDATE SET n = s.n + excluded.n, value = s.value + excluded.value;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_delete THEN
    INSERT INTO expense_days AS s (branch_id, date, list_expenses_id, pay_type, n, value) VALUES (NEW.branch_id, NEW.date, NEW.list_expenses_id, NEW.pay_type, 1, NEW.value)
    ON CONFLICT (branch_id, date, list_expenses_id, pay_type) DO UPDATE SET n = s.n + excluded.n, value = s.value + excluded.value;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER expense_days_trg AFTER INSERT OR UPDATE OR DELETE ON expenses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION expense_days_apply();
--> statement-breakpoint
-- backfill from the money already recorded
INSERT INTO income_days (branch_id, date, source, refund, pay_type, n, value)
  SELECT p.branch_id, p.business_date, a.kind, p.kind = 'refund', p.pay_type, count(*), sum(p.amount)
  FROM payments p JOIN applications a ON a.application_id = p.application_id WHERE NOT p.is_void GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO income_days (branch_id, date, source, refund, pay_type, n, value)
  SELECT branch_id, date, 'other', false, pay_type, count(*), sum(value) FROM other_incomes WHERE NOT is_delete GROUP BY 1, 2, 5;
--> statement-breakpoint
INSERT INTO expense_days (branch_id, date, list_expenses_id, pay_type, n, value)
  SELECT branch_id, date, list_expenses_id, pay_type, count(*), sum(value) FROM expenses WHERE NOT is_delete GROUP BY 1, 2, 3, 4;
