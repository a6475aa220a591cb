ALTER TABLE "bookings" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "attended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "attended_by" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_attended_by_staff_accounts_id_fk" FOREIGN KEY ("attended_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_attendance_check" CHECK (("bookings"."attendance" is null and "bookings"."attended_at" is null and "bookings"."attended_by" is null) or ("bookings"."attendance" in ('came', 'absent') and "bookings"."session_id" is not null and "bookings"."attended_at" is not null));