CREATE TYPE "public"."email_token_purpose" AS ENUM('confirm_email', 'reset_password', 'change_email');--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "email_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "email_tokens_expiry_after_creation" CHECK ("email_tokens"."expires_at" > "email_tokens"."created_at")
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_user_purpose_idx" ON "email_tokens" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "email_tokens_change_email_idx" ON "email_tokens" USING btree ("email") WHERE "email_tokens"."purpose" = 'change_email';--> statement-breakpoint
-- Every member who signed up before e-mail confirmation existed counts as confirmed (decision 056):
-- only new sign-ups are asked to confirm, nothing an existing member could do is taken away.
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;
