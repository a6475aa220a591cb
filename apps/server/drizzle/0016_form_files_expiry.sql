ALTER TABLE "form_files" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "form_files_expires_at_idx" ON "form_files" USING btree ("expires_at") WHERE "form_files"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "form_submissions_customer_id_idx" ON "form_submissions" USING btree ("customer_id");--> statement-breakpoint
-- Files kept before this change with no customer, or with an account never activated, go a day on.
UPDATE "form_files" SET "expires_at" = now() + interval '1 day'
WHERE "submission_id" IN (
  SELECT "s"."id" FROM "form_submissions" "s"
  LEFT JOIN "customers" "c" ON "c"."id" = "s"."customer_id"
  WHERE "c"."id" IS NULL OR "c"."activated_at" IS NULL
);
