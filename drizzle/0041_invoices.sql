CREATE TYPE "public"."invoice_discount_kind" AS ENUM('none', 'percent', 'amount');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'sent', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."pay_link_amount_kind" AS ENUM('fixed', 'open');--> statement-breakpoint
CREATE TYPE "public"."pay_link_status" AS ENUM('active', 'archived');--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" text NOT NULL,
	"position" integer NOT NULL,
	"product_id" text,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_kobo" bigint NOT NULL,
	"line_total_kobo" bigint NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_position_pk" PRIMARY KEY("invoice_id","position"),
	CONSTRAINT "invoice_lines_position" CHECK ("invoice_lines"."position" between 0 and 99),
	CONSTRAINT "invoice_lines_quantity" CHECK ("invoice_lines"."quantity" between 1 and 10000),
	CONSTRAINT "invoice_lines_unit_price_positive" CHECK ("invoice_lines"."unit_price_kobo" > 0),
	CONSTRAINT "invoice_lines_total" CHECK ("invoice_lines"."line_total_kobo" = "invoice_lines"."quantity" * "invoice_lines"."unit_price_kobo")
);
--> statement-breakpoint
CREATE TABLE "invoice_numbers" (
	"business_id" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_numbers_positive" CHECK ("invoice_numbers"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"business_id" text NOT NULL,
	"number" integer,
	"status" "invoice_status" DEFAULT 'draft' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"discount_kind" "invoice_discount_kind" DEFAULT 'none' NOT NULL,
	"discount_value" bigint DEFAULT 0 NOT NULL,
	"vat_applied" boolean DEFAULT false NOT NULL,
	"due_on" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"subtotal_kobo" bigint NOT NULL,
	"discount_kobo" bigint NOT NULL,
	"vat_kobo" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	"created_by" text,
	"sent_at" timestamp with time zone,
	"first_viewed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" is null or "invoices"."number" > 0),
	CONSTRAINT "invoices_number_when_sent" CHECK (("invoices"."number" is null) = ("invoices"."sent_at" is null)),
	CONSTRAINT "invoices_status_times" CHECK (("invoices"."status" = 'draft') = ("invoices"."sent_at" is null and "invoices"."voided_at" is null)
        and ("invoices"."status" = 'paid') = ("invoices"."paid_at" is not null)
        and ("invoices"."status" = 'void') = ("invoices"."voided_at" is not null)),
	CONSTRAINT "invoices_seen_after_sent" CHECK (("invoices"."first_viewed_at" is null or "invoices"."sent_at" is not null)
        and ("invoices"."reminded_at" is null or "invoices"."sent_at" is not null)),
	CONSTRAINT "invoices_discount_value" CHECK (("invoices"."discount_kind" = 'none' and "invoices"."discount_value" = 0)
        or ("invoices"."discount_kind" = 'percent' and "invoices"."discount_value" between 1 and 100)
        or ("invoices"."discount_kind" = 'amount' and "invoices"."discount_value" > 0)),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."subtotal_kobo" > 0
        and "invoices"."discount_kobo" between 0 and "invoices"."subtotal_kobo"
        and "invoices"."vat_kobo" >= 0
        and ("invoices"."vat_applied" or "invoices"."vat_kobo" = 0)
        and "invoices"."total_kobo" = "invoices"."subtotal_kobo" - "invoices"."discount_kobo" + "invoices"."vat_kobo"
        and "invoices"."total_kobo" > 0),
	CONSTRAINT "invoices_email_lower" CHECK ("invoices"."customer_email" = lower("invoices"."customer_email"))
);
--> statement-breakpoint
CREATE TABLE "pay_links" (
	"id" text PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"business_id" text NOT NULL,
	"description" text NOT NULL,
	"amount_kind" "pay_link_amount_kind" NOT NULL,
	"amount_kobo" bigint,
	"min_amount_kobo" bigint,
	"max_amount_kobo" bigint,
	"quantity_limit" integer,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"status" "pay_link_status" DEFAULT 'active' NOT NULL,
	"created_by" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_links_amount" CHECK (("pay_links"."amount_kind" = 'fixed' and "pay_links"."amount_kobo" > 0
          and "pay_links"."min_amount_kobo" is null and "pay_links"."max_amount_kobo" is null)
        or ("pay_links"."amount_kind" = 'open' and "pay_links"."amount_kobo" is null
          and ("pay_links"."min_amount_kobo" is null or "pay_links"."min_amount_kobo" > 0)
          and ("pay_links"."max_amount_kobo" is null or "pay_links"."max_amount_kobo" > 0)
          and ("pay_links"."min_amount_kobo" is null or "pay_links"."max_amount_kobo" is null
            or "pay_links"."min_amount_kobo" <= "pay_links"."max_amount_kobo"))),
	CONSTRAINT "pay_links_paid_count" CHECK ("pay_links"."paid_count" >= 0
        and ("pay_links"."quantity_limit" is null
          or ("pay_links"."quantity_limit" > 0 and "pay_links"."paid_count" <= "pay_links"."quantity_limit"))),
	CONSTRAINT "pay_links_archived" CHECK (("pay_links"."status" = 'archived') = ("pay_links"."archived_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_numbers" ADD CONSTRAINT "invoice_numbers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_product_idx" ON "invoice_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_public_id_key" ON "invoices" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_business_number_key" ON "invoices" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "invoices_business_created_idx" ON "invoices" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_sent_due_idx" ON "invoices" USING btree ("due_on") WHERE "invoices"."status" = 'sent' and "invoices"."reminded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_links_public_id_key" ON "pay_links" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "pay_links_business_created_idx" ON "pay_links" USING btree ("business_id","created_at");