CREATE TABLE "overlay_sites" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overlay_sites_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "overlay_stats_daily" (
	"overlay_id" integer NOT NULL,
	"language" text NOT NULL,
	"day" date NOT NULL,
	"event" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "overlay_stats_daily_overlay_id_language_day_event_pk" PRIMARY KEY("overlay_id","language","day","event"),
	CONSTRAINT "overlay_stats_daily_event_check" CHECK ("overlay_stats_daily"."event" in ('view', 'click', 'close'))
);
--> statement-breakpoint
CREATE TABLE "overlay_texts" (
	"overlay_id" integer NOT NULL,
	"language" text NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"draft_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"image_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overlay_texts_overlay_id_language_pk" PRIMARY KEY("overlay_id","language")
);
--> statement-breakpoint
CREATE TABLE "overlays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "overlays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"where" jsonb NOT NULL,
	"trigger" jsonb NOT NULL,
	"frequency" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"fallback" text[] DEFAULT '{}'::text[] NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "overlay_sites" ADD CONSTRAINT "overlay_sites_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overlay_stats_daily" ADD CONSTRAINT "overlay_stats_daily_overlay_id_overlays_id_fk" FOREIGN KEY ("overlay_id") REFERENCES "public"."overlays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overlay_texts" ADD CONSTRAINT "overlay_texts_overlay_id_overlays_id_fk" FOREIGN KEY ("overlay_id") REFERENCES "public"."overlays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overlay_texts" ADD CONSTRAINT "overlay_texts_image_document_id_documents_id_fk" FOREIGN KEY ("image_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overlays" ADD CONSTRAINT "overlays_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "overlays_owner_idx" ON "overlays" USING btree ("owner_id");