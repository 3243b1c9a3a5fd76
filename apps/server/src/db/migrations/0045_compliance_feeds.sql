-- The compliance calendar's iCalendar feeds: a secret link per branch (or every branch) that a phone calendar
-- subscribes to without signing in. Only the SHA-256 of the secret is kept; a revoked feed answers nothing again.
CREATE TABLE IF NOT EXISTS "compliance_feeds" (
	"feed_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"branch_id" integer REFERENCES "branches"("branch_id"),
	"name" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer NOT NULL REFERENCES "users"("user_id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" integer REFERENCES "users"("user_id"),
	"revoked_at" timestamp with time zone,
	"last_read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "compliance_feeds_token" ON "compliance_feeds" USING btree ("token_hash");
--> statement-breakpoint
-- A statutory filing ticked as done (the product makes its file but cannot see it filed): one row per obligation key.
CREATE TABLE IF NOT EXISTS "compliance_done" (
	"key" text PRIMARY KEY NOT NULL,
	"done_by" integer NOT NULL REFERENCES "users"("user_id"),
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
