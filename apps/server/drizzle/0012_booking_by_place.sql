CREATE TABLE "booking_template_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"place" text NOT NULL,
	"config" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"image_map" text DEFAULT '' NOT NULL,
	"map_config" jsonb NOT NULL,
	"allow_see_participants" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place_session_resources" (
	"session_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	CONSTRAINT "place_session_resources_session_id_resource_id_pk" PRIMARY KEY("session_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "place_session_waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"booking_id" integer,
	CONSTRAINT "place_session_waitlist_status_check" CHECK ("place_session_waitlist"."status" in ('waiting', 'offered', 'booked', 'left', 'lapsed')),
	CONSTRAINT "place_session_waitlist_offer_check" CHECK ("place_session_waitlist"."status" <> 'offered' or "place_session_waitlist"."booking_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "place_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_type_id" integer NOT NULL,
	"template_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"max_participants" integer NOT NULL,
	"min_level" numeric(4, 1),
	"max_level" numeric(4, 1),
	"price_cents" integer DEFAULT 0 NOT NULL,
	"description" jsonb NOT NULL,
	CONSTRAINT "place_sessions_duration_check" CHECK ("place_sessions"."duration_minutes" between 1 and 1440),
	CONSTRAINT "place_sessions_max_participants_check" CHECK ("place_sessions"."max_participants" > 0),
	CONSTRAINT "place_sessions_price_cents_check" CHECK ("place_sessions"."price_cents" >= 0),
	CONSTRAINT "place_sessions_levels_check" CHECK ("place_sessions"."min_level" is null or "place_sessions"."max_level" is null or "place_sessions"."min_level" <= "place_sessions"."max_level")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "booking_template_places" ADD CONSTRAINT "booking_template_places_template_id_booking_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."booking_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_session_resources" ADD CONSTRAINT "place_session_resources_session_id_place_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."place_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_session_resources" ADD CONSTRAINT "place_session_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_session_waitlist" ADD CONSTRAINT "place_session_waitlist_session_id_place_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."place_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_session_waitlist" ADD CONSTRAINT "place_session_waitlist_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_session_waitlist" ADD CONSTRAINT "place_session_waitlist_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_sessions" ADD CONSTRAINT "place_sessions_booking_type_id_booking_types_id_fk" FOREIGN KEY ("booking_type_id") REFERENCES "public"."booking_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_sessions" ADD CONSTRAINT "place_sessions_template_id_booking_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."booking_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_template_places_template_place_key" ON "booking_template_places" USING btree ("template_id","place");--> statement-breakpoint
CREATE INDEX "booking_template_places_template_position_idx" ON "booking_template_places" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "place_session_resources_resource_id_idx" ON "place_session_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "place_session_waitlist_live_key" ON "place_session_waitlist" USING btree ("session_id","customer_id") WHERE "place_session_waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "place_session_waitlist_customer_id_idx" ON "place_session_waitlist" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "place_session_waitlist_booking_id_idx" ON "place_session_waitlist" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "place_sessions_starts_at_idx" ON "place_sessions" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_session_place_live_key" ON "bookings" USING btree ("session_id","place_id") WHERE "bookings"."status" in ('held', 'confirmed') and "bookings"."place_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_session_customer_live_key" ON "bookings" USING btree ("session_id","customer_id") WHERE "bookings"."status" in ('held', 'confirmed') and "bookings"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "bookings_sale_id_idx" ON "bookings" USING btree ("sale_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_place_in_session_check" CHECK ("bookings"."place_id" is null or "bookings"."session_id" is not null);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_session_id_place_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."place_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_place_id_booking_template_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."booking_template_places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER place_session_waitlist_notify_change AFTER INSERT OR UPDATE OR DELETE ON place_session_waitlist
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('customer_id');--> statement-breakpoint
CREATE TRIGGER place_session_waitlist_notify_truncate AFTER TRUNCATE ON place_session_waitlist
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();
