ALTER TABLE "payments" ALTER COLUMN "checkout_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pay_link_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_email" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_phone" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "commission_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "commission_kobo" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payout_subaccount" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pay_link_id_pay_links_id_fk" FOREIGN KEY ("pay_link_id") REFERENCES "public"."pay_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_pay_link_idx" ON "payments" USING btree ("pay_link_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_id","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pays_for_one" CHECK (num_nonnulls("payments"."checkout_id", "payments"."invoice_id", "payments"."pay_link_id") = 1);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_of_bill" CHECK (("payments"."checkout_id" is null) = ("payments"."payer_email" is not null)
        and ("payments"."checkout_id" is null or ("payments"."payer_phone" is null and "payments"."payer_id" is null)));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_commission" CHECK (("payments"."checkout_id" is null) = ("payments"."commission_kobo" is not null)
        and ("payments"."commission_kobo" is null) = ("payments"."commission_rate_bp" is null)
        and ("payments"."commission_kobo" is null or "payments"."commission_kobo" between 0 and "payments"."amount_kobo")
        and ("payments"."checkout_id" is null or "payments"."payout_subaccount" is null));