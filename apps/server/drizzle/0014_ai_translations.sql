CREATE TABLE "ai_translation_items" (
	"run_id" integer NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"draft" jsonb,
	"checks" jsonb,
	"previous" jsonb,
	"had_previous" boolean DEFAULT false NOT NULL,
	"error_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_translation_items_run_id_language_pk" PRIMARY KEY("run_id","language")
);
--> statement-breakpoint
CREATE TABLE "ai_translation_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_translation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"source_language" text NOT NULL,
	"source" jsonb NOT NULL,
	"format" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_translation_items" ADD CONSTRAINT "ai_translation_items_run_id_ai_translation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."ai_translation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_translation_runs" ADD CONSTRAINT "ai_translation_runs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_translation_runs" ADD CONSTRAINT "ai_translation_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_translation_runs_owner_idx" ON "ai_translation_runs" USING btree ("owner_id","created_at");