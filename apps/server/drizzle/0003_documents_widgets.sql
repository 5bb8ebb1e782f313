CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"entity_type" text,
	"entity_id" integer,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text,
	"visibility" integer DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"extra_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "documents_size_check" CHECK ("documents"."size_bytes" >= 0),
	CONSTRAINT "documents_visibility_check" CHECK ("documents"."visibility" in (1, 4, 32, 64, 255))
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"widget_id" integer NOT NULL,
	"place_id" integer DEFAULT 0 NOT NULL,
	"event" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_daily_day_widget_id_place_id_event_pk" PRIMARY KEY("day","widget_id","place_id","event"),
	CONSTRAINT "analytics_daily_event_check" CHECK ("analytics_daily"."event" in ('view', 'open', 'like', 'click'))
);
--> statement-breakpoint
CREATE TABLE "guest_apps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guest_apps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"public_id" text NOT NULL,
	"welcome" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"widget_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"list_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"contact" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"units" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_apps_owner_id_unique" UNIQUE("owner_id"),
	CONSTRAINT "guest_apps_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "guest_likes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guest_likes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guest_user_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	"widget_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guest_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key_hash" text NOT NULL,
	"owner_id" integer,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_users_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "widget_pois" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "widget_pois_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"widget_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	"position" integer NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"picture_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "widget_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "widgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"public_id" text NOT NULL,
	"version" integer DEFAULT 2 NOT NULL,
	"name" text NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"style" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"allowed_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widgets_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "widgets_version_check" CHECK ("widgets"."version" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "picture_document_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "logo_document_id" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_apps" ADD CONSTRAINT "guest_apps_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_likes" ADD CONSTRAINT "guest_likes_guest_user_id_guest_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."guest_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_likes" ADD CONSTRAINT "guest_likes_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_likes" ADD CONSTRAINT "guest_likes_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_users" ADD CONSTRAINT "guest_users_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_users" ADD CONSTRAINT "guest_users_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_pois" ADD CONSTRAINT "widget_pois_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_pois" ADD CONSTRAINT "widget_pois_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_pois" ADD CONSTRAINT "widget_pois_picture_document_id_documents_id_fk" FOREIGN KEY ("picture_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_settings" ADD CONSTRAINT "widget_settings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "documents_entity_idx" ON "documents" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "analytics_daily_widget_day_idx" ON "analytics_daily" USING btree ("widget_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_likes_guest_place_idx" ON "guest_likes" USING btree ("guest_user_id","place_id");--> statement-breakpoint
CREATE INDEX "guest_users_owner_idx" ON "guest_users" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_pois_widget_place_idx" ON "widget_pois" USING btree ("widget_id","place_id");--> statement-breakpoint
CREATE INDEX "widget_pois_widget_position_idx" ON "widget_pois" USING btree ("widget_id","position");--> statement-breakpoint
CREATE INDEX "widget_pois_place_idx" ON "widget_pois" USING btree ("place_id");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_settings_owner_name_idx" ON "widget_settings" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "widgets_owner_idx" ON "widgets" USING btree ("owner_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "widgets_v1_owner_idx" ON "widgets" USING btree ("owner_id") WHERE "widgets"."version" = 1;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_picture_document_id_documents_id_fk" FOREIGN KEY ("picture_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_logo_document_id_documents_id_fk" FOREIGN KEY ("logo_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;