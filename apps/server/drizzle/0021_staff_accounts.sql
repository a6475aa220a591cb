CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_role_check" CHECK ("staff_accounts"."role" in ('desk', 'manager', 'owner'))
);
--> statement-breakpoint
CREATE TABLE "staff_login_addresses" (
	"email" text NOT NULL,
	"address_hash" text NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_login_addresses_email_address_hash_pk" PRIMARY KEY("email","address_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_login_failures" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"next_try_at" timestamp with time zone NOT NULL,
	"noticed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_tokens_kind_check" CHECK ("staff_tokens"."kind" in ('session', 'set_password'))
);
--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email_key" ON "staff_accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_tokens_token_hash_key" ON "staff_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_tokens_staff_id_kind_idx" ON "staff_tokens" USING btree ("staff_id","kind");