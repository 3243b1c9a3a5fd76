-- Reminders: the school's reminder settings, its channel configuration, the LINE links of students and staff, and
-- the outbox every message goes through (one row per message; dedupe_key unique so the same reminder is never queued
-- twice; a runner claims rows with FOR UPDATE SKIP LOCKED and a lease, so two server copies never send one twice).
CREATE TABLE IF NOT EXISTS "reminder_settings" (
	"kind" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"days_before" integer DEFAULT 1 NOT NULL,
	"channels" jsonb DEFAULT '["line"]'::jsonb NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_days" CHECK ("days_before" between 0 and 90)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reminder_channels" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"line_token" text DEFAULT '' NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"smtp_secure" boolean DEFAULT false NOT NULL,
	"smtp_user" text DEFAULT '' NOT NULL,
	"smtp_pass" text DEFAULT '' NOT NULL,
	"smtp_from" text DEFAULT '' NOT NULL,
	"quiet_start" text DEFAULT '21:00' NOT NULL,
	"quiet_end" text DEFAULT '07:00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "reminder_channels" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN IF NOT EXISTS "line_user_id" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN IF NOT EXISTS "reminders_opt_out" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "line_user_id" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reminder_outbox" (
	"outbox_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"branch_id" integer REFERENCES "branches"("branch_id"),
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text DEFAULT '' NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"dedupe_key" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"provider_response" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_outbox_state" CHECK ("state" in ('queued', 'sending', 'sent', 'failed', 'skipped')),
	CONSTRAINT "reminder_outbox_channel" CHECK ("channel" in ('line', 'email'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reminder_outbox_dedupe" ON "reminder_outbox" USING btree ("dedupe_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reminder_outbox_due" ON "reminder_outbox" USING btree ("next_at") WHERE "state" in ('queued', 'sending');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reminder_outbox_created" ON "reminder_outbox" USING btree ("created_at" DESC, "outbox_id" DESC);
