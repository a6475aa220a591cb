CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"poster" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"online_sign_up" boolean DEFAULT true NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"tax_percent" integer DEFAULT 21 NOT NULL,
	"capacity" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activities_times_check" CHECK ("activities"."starts_at" < "activities"."ends_at"),
	CONSTRAINT "activities_price_cents_check" CHECK ("activities"."price_cents" >= 0),
	CONSTRAINT "activities_tax_percent_check" CHECK ("activities"."tax_percent" between 0 and 100),
	CONSTRAINT "activities_capacity_check" CHECK ("activities"."capacity" is null or "activities"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity_inscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"sale_id" integer,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_inscriptions_status_check" CHECK ("activity_inscriptions"."status" in ('held', 'confirmed', 'cancelled')),
	CONSTRAINT "activity_inscriptions_hold_check" CHECK ("activity_inscriptions"."status" <> 'held' or "activity_inscriptions"."hold_expires_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "activity_inscriptions" ADD CONSTRAINT "activity_inscriptions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_inscriptions" ADD CONSTRAINT "activity_inscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_inscriptions" ADD CONSTRAINT "activity_inscriptions_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_ends_at_idx" ON "activities" USING btree ("ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_inscriptions_live_key" ON "activity_inscriptions" USING btree ("activity_id","customer_id") WHERE "activity_inscriptions"."status" in ('held', 'confirmed');--> statement-breakpoint
CREATE INDEX "activity_inscriptions_customer_id_idx" ON "activity_inscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "activity_inscriptions_sale_id_idx" ON "activity_inscriptions" USING btree ("sale_id");--> statement-breakpoint
CREATE TRIGGER activity_inscriptions_notify_change AFTER INSERT OR UPDATE OR DELETE ON activity_inscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('customer_id');--> statement-breakpoint
CREATE TRIGGER activity_inscriptions_notify_truncate AFTER TRUNCATE ON activity_inscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();
