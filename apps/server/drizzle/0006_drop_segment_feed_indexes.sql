DROP INDEX "profiles_last_active_idx";--> statement-breakpoint
DROP INDEX "profiles_promoted_last_active_idx";--> statement-breakpoint
DROP INDEX "profiles_discovery_idx";