-- The per-branch totals (application_stats) follow each application at COMMIT, from a deferred constraint
-- trigger: after the receipt counter, a branch's totals row is its hottest row, and it is now locked only while
-- the transaction commits. A change that keeps the branch, kind and status (a payment on an owing application)
-- is one upsert of the differences instead of two; a change of status touches its two rows in a fixed order,
-- so two transactions never wait on each other's totals rows.
CREATE OR REPLACE FUNCTION application_stats_delta(b integer, k text, st text, dn integer, dnet numeric, dpaid numeric, dcash numeric, dtransfer numeric, dbalance numeric) RETURNS void AS $$
  INSERT INTO application_stats AS s (branch_id, kind, status, n, net, paid, paid_cash, paid_transfer, balance)
  VALUES (b, k, st, dn, dnet, dpaid, dcash, dtransfer, dbalance)
  ON CONFLICT (branch_id, kind, status) DO UPDATE SET
    n = s.n + excluded.n, net = s.net + excluded.net, paid = s.paid + excluded.paid,
    paid_cash = s.paid_cash + excluded.paid_cash, paid_transfer = s.paid_transfer + excluded.paid_transfer, balance = s.balance + excluded.balance;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION application_stats_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM application_stats_delta(NEW.branch_id, NEW.kind, NEW.status, 1, NEW.net, NEW.paid, NEW.paid_cash, NEW.paid_transfer, NEW.balance);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM application_stats_delta(OLD.branch_id, OLD.kind, OLD.status, -1, -OLD.net, -OLD.paid, -OLD.paid_cash, -OLD.paid_transfer, -OLD.balance);
  ELSIF (OLD.branch_id, OLD.kind, OLD.status) = (NEW.branch_id, NEW.kind, NEW.status) THEN
    IF (OLD.net, OLD.paid, OLD.paid_cash, OLD.paid_transfer, OLD.balance) IS DISTINCT FROM (NEW.net, NEW.paid, NEW.paid_cash, NEW.paid_transfer, NEW.balance) THEN
      PERFORM application_stats_delta(NEW.branch_id, NEW.kind, NEW.status, 0, NEW.net - OLD.net, NEW.paid - OLD.paid,
        NEW.paid_cash - OLD.paid_cash, NEW.paid_transfer - OLD.paid_transfer, NEW.balance - OLD.balance);
    END IF;
  ELSIF (OLD.branch_id, OLD.kind, OLD.status) < (NEW.branch_id, NEW.kind, NEW.status) THEN
    PERFORM application_stats_delta(OLD.branch_id, OLD.kind, OLD.status, -1, -OLD.net, -OLD.paid, -OLD.paid_cash, -OLD.paid_transfer, -OLD.balance);
    PERFORM application_stats_delta(NEW.branch_id, NEW.kind, NEW.status, 1, NEW.net, NEW.paid, NEW.paid_cash, NEW.paid_transfer, NEW.balance);
  ELSE
    PERFORM application_stats_delta(NEW.branch_id, NEW.kind, NEW.status, 1, NEW.net, NEW.paid, NEW.paid_cash, NEW.paid_transfer, NEW.balance);
    PERFORM application_stats_delta(OLD.branch_id, OLD.kind, OLD.status, -1, -OLD.net, -OLD.paid, -OLD.paid_cash, -OLD.paid_transfer, -OLD.balance);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER application_stats_trg ON applications;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER application_stats_trg AFTER INSERT OR UPDATE OR DELETE ON applications
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION application_stats_apply();
--> statement-breakpoint
DROP FUNCTION application_stats_add(integer, text, text, integer, numeric, numeric, numeric, numeric, numeric);
