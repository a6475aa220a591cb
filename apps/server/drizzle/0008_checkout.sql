CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"group_name" jsonb NOT NULL,
	"name" text NOT NULL,
	"stock" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promo_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"discount_type" smallint NOT NULL,
	"value" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"product_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promos_code_upper_check" CHECK ("promos"."code" = upper("promos"."code") and length("promos"."code") > 0),
	CONSTRAINT "promos_discount_type_check" CHECK ("promos"."discount_type" in (0, 1)),
	CONSTRAINT "promos_value_check" CHECK ("promos"."value" > 0 and ("promos"."discount_type" = 0 or "promos"."value" <= 100)),
	CONSTRAINT "promos_scope_check" CHECK ("promos"."scope" in ('all', 'product_types', 'products')),
	CONSTRAINT "promos_uses_check" CHECK ("promos"."uses_count" >= 0 and ("promos"."max_uses" is null or "promos"."uses_count" <= "promos"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "transports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"delivery_time" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"tax_percent" integer DEFAULT 21 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "transports_price_cents_check" CHECK ("transports"."price_cents" >= 0),
	CONSTRAINT "transports_tax_percent_check" CHECK ("transports"."tax_percent" >= 0 and "transports"."tax_percent" <= 100)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "transport_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "stock_parent_id" integer;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "stock_parent_name" text;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "stock_detail" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "checkout_guid" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "checkout_fingerprint" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "transport_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "promo_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "delivery_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "delivery_address_line1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "delivery_postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "delivery_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "delivery_town" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "delivery_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "delivery_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_uses" ADD CONSTRAINT "promo_uses_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_uses" ADD CONSTRAINT "promo_uses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_uses" ADD CONSTRAINT "promo_uses_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_id_position_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_uses_promo_id_sale_id_key" ON "promo_uses" USING btree ("promo_id","sale_id");--> statement-breakpoint
CREATE INDEX "promo_uses_promo_id_customer_id_idx" ON "promo_uses" USING btree ("promo_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promos_code_key" ON "promos" USING btree ("code");--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_stock_parent_id_product_variants_id_fk" FOREIGN KEY ("stock_parent_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_customer_id_checkout_guid_key" ON "sales" USING btree ("customer_id","checkout_guid") WHERE "sales"."checkout_guid" is not null;--> statement-breakpoint
CREATE TRIGGER promo_uses_notify_change AFTER INSERT OR UPDATE OR DELETE ON promo_uses
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('customer_id');--> statement-breakpoint
CREATE TRIGGER promo_uses_notify_truncate AFTER TRUNCATE ON promo_uses
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();
