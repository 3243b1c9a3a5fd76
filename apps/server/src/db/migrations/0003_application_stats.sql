CREATE TABLE "application_stats" (
	"branch_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"net" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_cash" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_transfer" numeric(16, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "application_stats_branch_id_kind_status_pk" PRIMARY KEY("branch_id","kind","status")
);
--> statement-breakpoint
DROP INDEX "applications_branch_created";--> statement-breakpoint
DROP INDEX "applications_created";--> statement-breakpoint
DROP INDEX "applications_status_created";--> statement-breakpoint
CREATE INDEX "applications_kind_created" ON "applications" USING btree ("kind","created_at" DESC NULLS FIRST,"application_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_kind_branch_created" ON "applications" USING btree ("kind","branch_id","created_at" DESC NULLS FIRST,"application_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_kind_status_created" ON "applications" USING btree ("kind","status","created_at" DESC NULLS FIRST,"application_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE OR REPLACE FUNCTION application_stats_add(b integer, k text, st text, sign integer, a_net numeric, a_paid numeric, a_cash numeric, a_transfer numeric, a_balance numeric) RETURNS void AS $$
  INSERT INTO application_stats AS s (branch_id, kind, status, n, net, paid, paid_cash, paid_transfer, balance)
  VALUES (b, k, st, sign, sign * a_net, sign * a_paid, sign * a_cash, sign * a_transfer, sign * a_balance)
  ON CONFLICT (branch_id, kind, status) DO UPDATE SET
    n = s.n + excluded.n, net = s.net + excluded.net, paid = s.paid + excluded.paid,
    paid_cash = s.paid_cash + excluded.paid_cash, paid_transfer = s.paid_transfer + excluded.paid_transfer, balance = s.balance + excluded.balance;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION application_stats_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.branch_id, OLD.kind, OLD.status, OLD.net, OLD.paid, OLD.paid_cash, OLD.paid_transfer, OLD.balance)
      IS NOT DISTINCT FROM (NEW.branch_id, NEW.kind, NEW.status, NEW.net, NEW.paid, NEW.paid_cash, NEW.paid_transfer, NEW.balance) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM application_stats_add(OLD.branch_id, OLD.kind, OLD.status, -1, OLD.net, OLD.paid, OLD.paid_cash, OLD.paid_transfer, OLD.balance);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM application_stats_add(NEW.branch_id, NEW.kind, NEW.status, 1, NEW.net, NEW.paid, NEW.paid_cash, NEW.paid_transfer, NEW.balance);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER application_stats_trg AFTER INSERT OR UPDATE OR DELETE ON applications FOR EACH ROW EXECUTE FUNCTION application_stats_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION application_stats_rebuild() RETURNS void AS $$
  DELETE FROM application_stats;
  INSERT INTO application_stats (branch_id, kind, status, n, net, paid, paid_cash, paid_transfer, balance)
  SELECT branch_id, kind, status, count(*), sum(net), sum(paid), sum(paid_cash), sum(paid_transfer), sum(balance)
  FROM applications GROUP BY branch_id, kind, status;
$$ LANGUAGE sql;
--> statement-breakpoint
SELECT application_stats_rebuild();
