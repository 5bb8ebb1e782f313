CREATE TABLE "fleet_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleet_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"provider" text NOT NULL,
	"credentials" text,
	"base_url" text,
	"center_latitude" double precision,
	"center_longitude" double precision,
	"poll_seconds" integer NOT NULL,
	"app_client_ids" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'ok' NOT NULL,
	"last_poll_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error_key" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_accounts_owner_id_unique" UNIQUE("owner_id")
);
--> statement-breakpoint
CREATE TABLE "fleet_hidden" (
	"vehicle_id" integer NOT NULL,
	"app_client_id" text NOT NULL,
	CONSTRAINT "fleet_hidden_vehicle_id_app_client_id_pk" PRIMARY KEY("vehicle_id","app_client_id")
);
--> statement-breakpoint
CREATE TABLE "fleet_positions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleet_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vehicle_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed_kmh" double precision,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleet_vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"provider_vehicle_id" text NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed_kmh" double precision,
	"course" double precision,
	"ignition" boolean,
	"position_at" timestamp with time zone NOT NULL,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fleet_accounts" ADD CONSTRAINT "fleet_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_hidden" ADD CONSTRAINT "fleet_hidden_vehicle_id_fleet_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."fleet_vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_positions" ADD CONSTRAINT "fleet_positions_vehicle_id_fleet_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."fleet_vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_vehicles" ADD CONSTRAINT "fleet_vehicles_account_id_fleet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fleet_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_vehicles" ADD CONSTRAINT "fleet_vehicles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_positions_vehicle_at_idx" ON "fleet_positions" USING btree ("vehicle_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_vehicles_account_vehicle_idx" ON "fleet_vehicles" USING btree ("account_id","provider_vehicle_id");--> statement-breakpoint
CREATE INDEX "fleet_vehicles_owner_idx" ON "fleet_vehicles" USING btree ("owner_id");