ALTER TABLE "scheduled_jobs" DROP CONSTRAINT "scheduled_jobs_kind_check";--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_jobs" ADD CONSTRAINT "scheduled_jobs_kind_check" CHECK ("scheduled_jobs"."kind" in ('post', 'notification', 'story', 'survey', 'survey_reminder', 'event_reminder'));--> statement-breakpoint
-- hand-written below (docs/decisions/2026-12-05-stories-and-surveys-scheduled.md): a story's or a
-- survey's publication job goes with its record, as posts' and notifications' do (0029).
CREATE TRIGGER scheduled_jobs_forget AFTER DELETE ON stories
  FOR EACH ROW EXECUTE FUNCTION scheduled_jobs_forget('story');
--> statement-breakpoint
CREATE TRIGGER scheduled_jobs_forget_publication AFTER DELETE ON surveys
  FOR EACH ROW EXECUTE FUNCTION scheduled_jobs_forget('survey');
