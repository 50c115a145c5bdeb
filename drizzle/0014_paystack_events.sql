ALTER TYPE "public"."refund_status" ADD VALUE 'needs_attention';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_resolution" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "verify_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_verify_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "checked_at" timestamp with time zone;