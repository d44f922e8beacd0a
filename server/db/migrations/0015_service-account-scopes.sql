ALTER TABLE "service_accounts" ADD COLUMN "scopes" text[] DEFAULT '{loads:read}'::text[] NOT NULL;--> statement-breakpoint
-- Idempotency keys belong to a caller (a user or a service account); the stored keys are users'.
ALTER TABLE "idempotency_keys" ADD COLUMN "caller" text;--> statement-breakpoint
UPDATE "idempotency_keys" SET "caller" = 'user:' || "user_id";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "caller" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_caller_key_pk" PRIMARY KEY("caller","key");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "service_account_id" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_service_account_id_service_accounts_id_fk" FOREIGN KEY ("service_account_id") REFERENCES "public"."service_accounts"("id") ON DELETE cascade ON UPDATE no action;
