CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"client_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"outcome" text NOT NULL,
	"error_key" text,
	CONSTRAINT "audit_log_outcome_check" CHECK ("audit_log"."outcome" in ('done', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "user_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "reported_user_id" integer;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "appeal_text" text;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "appealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "appeal_outcome" text;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "appeal_note" text;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "appeal_decided_by" integer;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD COLUMN "appeal_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_report_id_objectionable_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."objectionable_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "user_notices_user_idx" ON "user_notices" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD CONSTRAINT "objectionable_reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD CONSTRAINT "objectionable_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD CONSTRAINT "objectionable_reports_appeal_decided_by_users_id_fk" FOREIGN KEY ("appeal_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "objectionable_reports_queue_idx" ON "objectionable_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "objectionable_reports_reported_idx" ON "objectionable_reports" USING btree ("reported_user_id");--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD CONSTRAINT "objectionable_reports_status_check" CHECK ("objectionable_reports"."status" in ('open', 'appealed', 'closed'));--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD CONSTRAINT "objectionable_reports_action_check" CHECK ("objectionable_reports"."action" in ('dismiss', 'hide', 'warn', 'suspend'));--> statement-breakpoint
ALTER TABLE "objectionable_reports" ADD CONSTRAINT "objectionable_reports_outcome_check" CHECK ("objectionable_reports"."appeal_outcome" in ('upheld', 'reverted'));--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
