CREATE TABLE "staff_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_tokens" DROP CONSTRAINT "staff_tokens_kind_check";--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "totp_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "totp_last_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_staff_code_key" ON "staff_recovery_codes" USING btree ("staff_id","code_hash");--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_kind_check" CHECK ("staff_tokens"."kind" in ('session', 'set_password', 'second_factor'));