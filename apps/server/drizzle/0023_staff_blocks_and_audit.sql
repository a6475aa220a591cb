CREATE TABLE "staff_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "booking_blocks" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_at_idx" ON "staff_audit" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "staff_audit_staff_id_at_idx" ON "staff_audit" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "staff_audit_action_at_idx" ON "staff_audit" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "booking_blocks_series_id_idx" ON "booking_blocks" USING btree ("series_id") WHERE "booking_blocks"."series_id" is not null;