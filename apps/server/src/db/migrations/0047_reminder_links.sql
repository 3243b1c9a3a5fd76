-- Reminders, continued: the in-app channel (a staff member's notification list: the row names its user and when it
-- was read), LINE's channel secret (the webhook's signature is checked with it), and the codes by which a student
-- links their LINE account: staff make a code, the student sends it to the school's LINE Official Account, the
-- webhook finds it and stores the student's LINE user ID.
ALTER TABLE "reminder_outbox" DROP CONSTRAINT IF EXISTS "reminder_outbox_channel";
--> statement-breakpoint
ALTER TABLE "reminder_outbox" ADD CONSTRAINT "reminder_outbox_channel" CHECK ("channel" in ('line', 'email', 'app'));
--> statement-breakpoint
ALTER TABLE "reminder_outbox" ADD COLUMN IF NOT EXISTS "user_id" integer REFERENCES "users"("user_id");
--> statement-breakpoint
ALTER TABLE "reminder_outbox" ADD COLUMN IF NOT EXISTS "read_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reminder_outbox_user" ON "reminder_outbox" USING btree ("user_id", "created_at" DESC, "outbox_id" DESC) WHERE "channel" = 'app';
--> statement-breakpoint
ALTER TABLE "reminder_channels" ADD COLUMN IF NOT EXISTS "line_secret" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "line_link_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL REFERENCES "customers"("customer_id"),
	"branch_id" integer NOT NULL REFERENCES "branches"("branch_id"),
	"created_by" integer NOT NULL REFERENCES "users"("user_id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"line_user_id" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "line_link_codes_customer" ON "line_link_codes" USING btree ("customer_id");
