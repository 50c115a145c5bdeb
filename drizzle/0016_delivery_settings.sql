CREATE TABLE "delivery_areas" (
	"business_id" text NOT NULL,
	"position" integer NOT NULL,
	"city" text NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"estimate" text NOT NULL,
	CONSTRAINT "delivery_areas_business_id_position_pk" PRIMARY KEY("business_id","position"),
	CONSTRAINT "delivery_areas_fee_not_negative" CHECK ("delivery_areas"."fee_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"business_id" text PRIMARY KEY NOT NULL,
	"pickup_address" text DEFAULT '' NOT NULL,
	"pickup_hours" text DEFAULT '' NOT NULL,
	"free_delivery_from_kobo" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_free_from_positive" CHECK ("delivery_settings"."free_delivery_from_kobo" is null or "delivery_settings"."free_delivery_from_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_estimate" text;--> statement-breakpoint
ALTER TABLE "delivery_areas" ADD CONSTRAINT "delivery_areas_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee_when_delivered" CHECK ("orders"."delivery_fee_kobo" >= 0 and ("orders"."fulfilment" = 'delivery' or "orders"."delivery_fee_kobo" = 0));