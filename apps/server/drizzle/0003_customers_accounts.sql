CREATE TABLE "communications" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"channel" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communications_channel_check" CHECK ("communications"."channel" in ('email', 'sms')),
	CONSTRAINT "communications_status_check" CHECK ("communications"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "card_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	"provider_token" text NOT NULL,
	"last4" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" jsonb NOT NULL,
	"field_type" smallint NOT NULL,
	"pick_list_values" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "custom_fields_field_type_check" CHECK ("custom_fields"."field_type" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "customer_custom_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"custom_field_id" integer NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_tokens_kind_check" CHECK ("customer_tokens"."kind" in ('session', 'activation', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"name" text NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"gender" smallint,
	"birth_date" date,
	"address_line1" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"account_holder_name" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"dni" text DEFAULT '' NOT NULL,
	"accept_conditions" boolean DEFAULT false NOT NULL,
	"ok_rss" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'es-ES' NOT NULL,
	"customer_type_id" integer,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_gender_check" CHECK ("customers"."gender" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "sale_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"product_id" integer,
	"name" jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"units" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"tax_percent" integer DEFAULT 21 NOT NULL,
	CONSTRAINT "sale_items_kind_check" CHECK ("sale_items"."kind" in (0, 1, 2, 3)),
	CONSTRAINT "sale_items_units_check" CHECK ("sale_items"."units" >= 1 and "sale_items"."units" <= 1000),
	CONSTRAINT "sale_items_total_check" CHECK ("sale_items"."total_cents" = "sale_items"."unit_price_cents" * "sale_items"."units")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"sale_number" text NOT NULL,
	"title" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"payment_method_id" integer,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "sales_status_check" CHECK ("sales"."status" in ('pending', 'paid', 'cancelled')),
	CONSTRAINT "sales_amounts_check" CHECK ("sales"."subtotal_cents" >= 0 and "sales"."shipping_cents" >= 0 and "sales"."discount_cents" >= 0 and "sales"."paid_cents" >= 0),
	CONSTRAINT "sales_total_check" CHECK ("sales"."total_cents" = "sales"."subtotal_cents" + "sales"."shipping_cents" - "sales"."discount_cents")
);
--> statement-breakpoint
CREATE TABLE "voucher_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"previous_amount" integer NOT NULL,
	"current" integer NOT NULL,
	"concept" jsonb NOT NULL,
	"sale_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_movements_arithmetic_check" CHECK ("voucher_movements"."current" = "voucher_movements"."previous_amount" + "voucher_movements"."amount"),
	CONSTRAINT "voucher_movements_current_check" CHECK ("voucher_movements"."current" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"description" jsonb NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_kind_check" CHECK ("vouchers"."kind" in (0, 1, 2)),
	CONSTRAINT "vouchers_balance_check" CHECK ("vouchers"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_tokens" ADD CONSTRAINT "card_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_custom_values" ADD CONSTRAINT "customer_custom_values_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_custom_values" ADD CONSTRAINT "customer_custom_values_custom_field_id_custom_fields_id_fk" FOREIGN KEY ("custom_field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tokens" ADD CONSTRAINT "customer_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customer_type_id_customer_types_id_fk" FOREIGN KEY ("customer_type_id") REFERENCES "public"."customer_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_movements" ADD CONSTRAINT "voucher_movements_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_movements" ADD CONSTRAINT "voucher_movements_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communications_customer_id_channel_created_at_idx" ON "communications" USING btree ("customer_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "communications_status_next_attempt_at_idx" ON "communications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "card_tokens_customer_id_idx" ON "card_tokens" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_custom_values_customer_field_key" ON "customer_custom_values" USING btree ("customer_id","custom_field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_tokens_token_hash_key" ON "customer_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_tokens_customer_id_kind_idx" ON "customer_tokens" USING btree ("customer_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_key" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "sale_items_sale_id_idx" ON "sale_items" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_sale_number_key" ON "sales" USING btree ("sale_number");--> statement-breakpoint
CREATE INDEX "sales_customer_id_created_at_idx" ON "sales" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "voucher_movements_voucher_id_created_at_idx" ON "voucher_movements" USING btree ("voucher_id","created_at");--> statement-breakpoint
CREATE INDEX "vouchers_customer_id_idx" ON "vouchers" USING btree ("customer_id");