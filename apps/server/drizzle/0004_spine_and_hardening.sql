CREATE SEQUENCE "public"."sale_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
ALTER TABLE "customer_tokens" DROP CONSTRAINT "customer_tokens_kind_check";--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "purpose" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
CREATE INDEX "communications_to_address_created_at_idx" ON "communications" USING btree ("to_address","created_at");--> statement-breakpoint
ALTER TABLE "customer_tokens" ADD CONSTRAINT "customer_tokens_kind_check" CHECK ("customer_tokens"."kind" in ('session', 'activation', 'reset', 'email_change'));