CREATE TABLE "customer_type_prices" (
	"customer_type_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"gross_price_cents" integer NOT NULL,
	CONSTRAINT "customer_type_prices_customer_type_id_product_id_pk" PRIMARY KEY("customer_type_id","product_id"),
	CONSTRAINT "customer_type_prices_gross_price_cents_check" CHECK ("customer_type_prices"."gross_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_types_discount_percent_check" CHECK ("customer_types"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "product_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"units" integer NOT NULL,
	"sold_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_sales_units_check" CHECK ("product_sales"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_type_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"detail" jsonb NOT NULL,
	"gross_price_cents" integer NOT NULL,
	"tax_percent" integer NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"detail_image" text DEFAULT '' NOT NULL,
	"stock" integer,
	"is_popular" boolean DEFAULT false NOT NULL,
	"is_trending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_gross_price_cents_check" CHECK ("products"."gross_price_cents" >= 0),
	CONSTRAINT "products_tax_percent_check" CHECK ("products"."tax_percent" >= 0 and "products"."tax_percent" <= 100),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "text_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"text_block_type" smallint NOT NULL,
	"title" jsonb NOT NULL,
	"smal_text" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"image" text,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_name" text NOT NULL,
	"parent_id" integer NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"file" text NOT NULL,
	"title" jsonb,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_type_prices" ADD CONSTRAINT "customer_type_prices_customer_type_id_customer_types_id_fk" FOREIGN KEY ("customer_type_id") REFERENCES "public"."customer_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_type_prices" ADD CONSTRAINT "customer_type_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sales_sold_at_product_id_idx" ON "product_sales" USING btree ("sold_at","product_id");--> statement-breakpoint
CREATE INDEX "products_product_type_id_created_at_idx" ON "products" USING btree ("product_type_id","created_at");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_gross_price_cents_idx" ON "products" USING btree ("gross_price_cents");--> statement-breakpoint
CREATE INDEX "text_blocks_text_block_type_created_at_idx" ON "text_blocks" USING btree ("text_block_type","created_at");--> statement-breakpoint
CREATE INDEX "banners_position_idx" ON "banners" USING btree ("position");--> statement-breakpoint
CREATE INDEX "file_uploads_parent_idx" ON "file_uploads" USING btree ("parent_name","parent_id","category","position");