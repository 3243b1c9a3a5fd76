-- the money requests become requests of the generic maker-checker, kind 'void_payment', with the same ids
-- (audit rows of entity 'money_request' and payments.void_request_id keep pointing at them)
INSERT INTO "approval_requests" ("request_id", "kind", "subject_id", "branch_id", "payload", "reason", "requested_by", "decided_by", "decision", "decided_at", "note", "created_at")
OVERRIDING SYSTEM VALUE
SELECT "request_id", "kind", coalesce("payment_id", "application_id"), "branch_id",
       jsonb_build_object('application_id', "application_id", 'payment_id', "payment_id", 'value', "value"::text),
       "note", "requested_by", "decided_by", "status", "decided_at", "decision_note", "created_at"
FROM "money_requests";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"approval_requests"', 'request_id'), coalesce((SELECT max("request_id") FROM "approval_requests"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "money_requests" CASCADE;--> statement-breakpoint
CREATE VIEW "money_requests" AS
SELECT "request_id", "branch_id", "kind", ("payload"->>'application_id')::integer AS "application_id",
       ("payload"->>'payment_id')::integer AS "payment_id", "reason" AS "note", ("payload"->>'value')::numeric(14, 2) AS "value",
       "decision" AS "status", "requested_by", "decided_by", "decided_at", "note" AS "decision_note", "created_at"
FROM "approval_requests" WHERE "kind" = 'void_payment';
