CREATE TABLE "availability_versions" (
	"resource_type_id" integer NOT NULL,
	"day" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "availability_versions_resource_type_id_day_pk" PRIMARY KEY("resource_type_id","day")
);
--> statement-breakpoint
CREATE TABLE "booking_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer,
	"resource_id" integer NOT NULL,
	"during" "tstzrange" NOT NULL,
	"is_no_online" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "booking_blocks_owner_check" CHECK (("booking_blocks"."booking_id" is not null) <> "booking_blocks"."is_no_online"),
	CONSTRAINT "booking_blocks_price_cents_check" CHECK ("booking_blocks"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_price_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_type_id" integer NOT NULL,
	"duration_minutes" integer,
	"weekdays" smallint DEFAULT 127 NOT NULL,
	"starts_from_minute" smallint DEFAULT 0 NOT NULL,
	"starts_before_minute" smallint DEFAULT 1440 NOT NULL,
	"customer_type_id" integer,
	"price_cents" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_price_rules_weekdays_check" CHECK ("booking_price_rules"."weekdays" between 1 and 127),
	CONSTRAINT "booking_price_rules_band_check" CHECK ("booking_price_rules"."starts_from_minute" >= 0 and "booking_price_rules"."starts_from_minute" < "booking_price_rules"."starts_before_minute" and "booking_price_rules"."starts_before_minute" <= 1440),
	CONSTRAINT "booking_price_rules_price_cents_check" CHECK ("booking_price_rules"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_type_durations" (
	"booking_type_id" integer NOT NULL,
	"minutes" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "booking_type_durations_booking_type_id_minutes_pk" PRIMARY KEY("booking_type_id","minutes"),
	CONSTRAINT "booking_type_durations_minutes_check" CHECK ("booking_type_durations"."minutes" between 1 and 1440),
	CONSTRAINT "booking_type_durations_price_cents_check" CHECK ("booking_type_durations"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_type_related_types" (
	"booking_type_id" integer NOT NULL,
	"resource_type_id" integer NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_type_related_types_booking_type_id_resource_type_id_pk" PRIMARY KEY("booking_type_id","resource_type_id"),
	CONSTRAINT "booking_type_related_types_price_cents_check" CHECK ("booking_type_related_types"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_type_resource_types" (
	"booking_type_id" integer NOT NULL,
	"resource_type_id" integer NOT NULL,
	CONSTRAINT "booking_type_resource_types_booking_type_id_resource_type_id_pk" PRIMARY KEY("booking_type_id","resource_type_id")
);
--> statement-breakpoint
CREATE TABLE "booking_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"category" jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"description" jsonb NOT NULL,
	"extended_description" jsonb NOT NULL,
	"gross_price_cents" integer DEFAULT 0 NOT NULL,
	"tax_percent" integer DEFAULT 21 NOT NULL,
	"show_in_main_page" boolean DEFAULT false NOT NULL,
	"by_place" boolean DEFAULT false NOT NULL,
	"allow_create_book_by_place" boolean DEFAULT false NOT NULL,
	"is_online" boolean DEFAULT true NOT NULL,
	"anticipation_minutes" integer DEFAULT 0 NOT NULL,
	"anticipation_text" jsonb NOT NULL,
	"cancellation_minutes" integer DEFAULT 0 NOT NULL,
	"cancellation_text" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_types_gross_price_cents_check" CHECK ("booking_types"."gross_price_cents" >= 0),
	CONSTRAINT "booking_types_tax_percent_check" CHECK ("booking_types"."tax_percent" between 0 and 100),
	CONSTRAINT "booking_types_minutes_check" CHECK ("booking_types"."anticipation_minutes" >= 0 and "booking_types"."cancellation_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"booking_type_id" integer NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"description" jsonb NOT NULL,
	"sale_id" integer,
	"hold_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"origin" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('held', 'confirmed', 'cancelled', 'expired')),
	CONSTRAINT "bookings_times_check" CHECK ("bookings"."starts_at" < "bookings"."ends_at"),
	CONSTRAINT "bookings_price_cents_check" CHECK ("bookings"."price_cents" >= 0),
	CONSTRAINT "bookings_hold_check" CHECK ("bookings"."status" <> 'held' or "bookings"."hold_expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "resource_opening_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_minute" smallint NOT NULL,
	"closes_minute" smallint NOT NULL,
	CONSTRAINT "resource_opening_hours_weekday_check" CHECK ("resource_opening_hours"."weekday" between 1 and 7),
	CONSTRAINT "resource_opening_hours_range_check" CHECK ("resource_opening_hours"."opens_minute" >= 0 and "resource_opening_hours"."opens_minute" < "resource_opening_hours"."closes_minute" and "resource_opening_hours"."closes_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "resource_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_type_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"description" jsonb NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resources_slot_minutes_check" CHECK ("resources"."slot_minutes" between 5 and 1440)
);
--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_blocks" ADD CONSTRAINT "booking_blocks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_blocks" ADD CONSTRAINT "booking_blocks_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_price_rules" ADD CONSTRAINT "booking_price_rules_booking_type_id_booking_types_id_fk" FOREIGN KEY ("booking_type_id") REFERENCES "public"."booking_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_price_rules" ADD CONSTRAINT "booking_price_rules_customer_type_id_customer_types_id_fk" FOREIGN KEY ("customer_type_id") REFERENCES "public"."customer_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_type_durations" ADD CONSTRAINT "booking_type_durations_booking_type_id_booking_types_id_fk" FOREIGN KEY ("booking_type_id") REFERENCES "public"."booking_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_type_related_types" ADD CONSTRAINT "booking_type_related_types_booking_type_id_booking_types_id_fk" FOREIGN KEY ("booking_type_id") REFERENCES "public"."booking_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_type_related_types" ADD CONSTRAINT "booking_type_related_types_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_type_resource_types" ADD CONSTRAINT "booking_type_resource_types_booking_type_id_booking_types_id_fk" FOREIGN KEY ("booking_type_id") REFERENCES "public"."booking_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_type_resource_types" ADD CONSTRAINT "booking_type_resource_types_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booking_type_id_booking_types_id_fk" FOREIGN KEY ("booking_type_id") REFERENCES "public"."booking_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_opening_hours" ADD CONSTRAINT "resource_opening_hours_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_blocks_booking_id_idx" ON "booking_blocks" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_blocks_live_resource_start_idx" ON "booking_blocks" USING btree ("resource_id",lower("during")) WHERE "booking_blocks"."released_at" is null;--> statement-breakpoint
CREATE INDEX "booking_price_rules_booking_type_id_idx" ON "booking_price_rules" USING btree ("booking_type_id");--> statement-breakpoint
CREATE INDEX "bookings_customer_id_starts_at_idx" ON "bookings" USING btree ("customer_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_held_hold_expires_at_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'held';--> statement-breakpoint
CREATE INDEX "bookings_reminder_due_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" = 'confirmed' and "bookings"."reminder_sent_at" is null;--> statement-breakpoint
CREATE INDEX "resource_opening_hours_resource_id_idx" ON "resource_opening_hours" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "resources_resource_type_id_idx" ON "resources" USING btree ("resource_type_id");--> statement-breakpoint
-- Live blocks of one resource never overlap (ARCHITECTURE.md §5): written by hand, Drizzle cannot declare
-- an exclusion constraint. Its GiST index also answers whether a time meets a live block of a resource.
ALTER TABLE "booking_blocks" ADD CONSTRAINT "booking_blocks_no_overlap" EXCLUDE USING gist ("resource_id" WITH =, "during" WITH &&) WHERE ("released_at" IS NULL);--> statement-breakpoint
ALTER TABLE "booking_blocks" ADD CONSTRAINT "booking_blocks_during_check" CHECK (NOT isempty("during") AND NOT lower_inf("during") AND NOT upper_inf("during"));
