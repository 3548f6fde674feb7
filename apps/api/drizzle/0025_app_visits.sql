CREATE TABLE "app_visits" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "app_visits_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "app_visits" ADD CONSTRAINT "app_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_visits_day_user_idx" ON "app_visits" USING btree ("day","user_id");--> statement-breakpoint
CREATE INDEX "post_views_viewed_user_idx" ON "post_views" USING btree ("viewed_at","user_id");