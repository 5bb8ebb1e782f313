CREATE TABLE "external_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "external_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"category_id" integer NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"display_name" text,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"expires_at" timestamp with time zone,
	"refresh_at" timestamp with time zone,
	"status" text DEFAULT 'ok' NOT NULL,
	"last_refresh_at" timestamp with time zone,
	"last_error_key" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"hotel_ids" text[] DEFAULT '{}' NOT NULL,
	"additional_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_auth_states" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "external_auth_states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state_hash" text NOT NULL,
	"provider" text NOT NULL,
	"intent" text NOT NULL,
	"user_id" integer,
	"binding_hash" text,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"account_type" integer,
	"termsaccepted" boolean DEFAULT false NOT NULL,
	"identity" text,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_auth_states_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "external_accounts" ADD CONSTRAINT "external_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_auth_states" ADD CONSTRAINT "external_auth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_accounts_provider_subject_idx" ON "external_accounts" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "external_accounts_user_provider_idx" ON "external_accounts" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "external_accounts_refresh_idx" ON "external_accounts" USING btree ("refresh_at") WHERE "external_accounts"."refresh_at" is not null;