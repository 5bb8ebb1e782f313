DROP INDEX "list_items_place_idx";--> statement-breakpoint
CREATE INDEX "list_items_place_list_idx" ON "list_items" USING btree ("place_id","list_id");