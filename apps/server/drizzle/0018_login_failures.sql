CREATE TABLE "login_addresses" (
	"email" text NOT NULL,
	"address_hash" text NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_addresses_email_address_hash_pk" PRIMARY KEY("email","address_hash")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"next_try_at" timestamp with time zone NOT NULL,
	"noticed_at" timestamp with time zone
);
