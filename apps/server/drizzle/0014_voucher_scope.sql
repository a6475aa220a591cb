ALTER TABLE "vouchers" ADD COLUMN "booking_type_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "duration_minutes" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "voucher_movements_sale_id_idx" ON "voucher_movements" USING btree ("sale_id");--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_scope_check" CHECK ("vouchers"."kind" <> 0 or (cardinality("vouchers"."booking_type_ids") = 0 and cardinality("vouchers"."duration_minutes") = 0));--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_duration_minutes_check" CHECK (0 < all("vouchers"."duration_minutes"));