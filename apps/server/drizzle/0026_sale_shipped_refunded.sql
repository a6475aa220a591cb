ALTER TABLE "sales" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_refunded_check" CHECK ("sales"."refunded_cents" >= 0 and "sales"."refunded_cents" <= "sales"."paid_cents");