-- Quiet hours per reminder kind: a kind may keep its own window (Bangkok time, HH:MM) in which none of its messages go
-- out; empty means the school's window (reminder_channels.quiet_start / quiet_end).
ALTER TABLE "reminder_settings" ADD COLUMN IF NOT EXISTS "quiet_start" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN IF NOT EXISTS "quiet_end" text DEFAULT '' NOT NULL;
