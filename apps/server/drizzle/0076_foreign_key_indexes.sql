CREATE INDEX "event_deliveries_event" ON "event_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "analytics_exports_template" ON "analytics_exports" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "analytics_pending_app" ON "analytics_pending" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "api_client_grants_app" ON "api_client_grants" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "api_clients_project" ON "api_clients" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "app_link_claims_project" ON "app_link_claims" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "app_link_claims_link" ON "app_link_claims" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "oidc_flows_project" ON "oidc_flows" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "feedback_uploads_app" ON "feedback_uploads" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "hosting_channels_version" ON "hosting_channels" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "hosting_domains_site" ON "hosting_domains" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "questionnaires_app" ON "questionnaires" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "storage_uploads_bucket" ON "storage_uploads" USING btree ("bucket_id");--> statement-breakpoint
CREATE INDEX "support_tickets_app" ON "support_tickets" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "support_uploads_team" ON "support_uploads" USING btree ("team_id");