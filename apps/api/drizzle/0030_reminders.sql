ALTER TABLE "scheduled_jobs" DROP CONSTRAINT "scheduled_jobs_kind_check";--> statement-breakpoint
DROP INDEX "scheduled_jobs_kind_ref_key";--> statement-breakpoint
ALTER TABLE "push_jobs" ALTER COLUMN "notification_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "reminder_minutes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "push_jobs" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "push_jobs" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_jobs" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "reminder_minutes" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_jobs_kind_ref_slot_key" ON "scheduled_jobs" USING btree ("kind","ref_id","slot");--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_reminder_minutes_check" CHECK ("event_types"."reminder_minutes" <@ '{15,60,180,1440,10080}'::integer[]);--> statement-breakpoint
ALTER TABLE "push_jobs" ADD CONSTRAINT "push_jobs_content_check" CHECK (("push_jobs"."notification_id" IS NULL) <> ("push_jobs"."payload" IS NULL));--> statement-breakpoint
ALTER TABLE "scheduled_jobs" ADD CONSTRAINT "scheduled_jobs_kind_check" CHECK ("scheduled_jobs"."kind" in ('post', 'notification', 'survey_reminder', 'event_reminder'));--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_reminder_minutes_check" CHECK ("surveys"."reminder_minutes" > 0);--> statement-breakpoint
-- hand-written below (docs/decisions/2026-12-04-reminders.md): a reminder's jobs go with their survey or
-- event, whichever way it is deleted (one or in bulk), as 0029 does for posts and notifications.
CREATE TRIGGER scheduled_jobs_forget AFTER DELETE ON surveys
  FOR EACH ROW EXECUTE FUNCTION scheduled_jobs_forget('survey_reminder');
--> statement-breakpoint
CREATE TRIGGER scheduled_jobs_forget AFTER DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION scheduled_jobs_forget('event_reminder');
