-- A chat's new-messages notice is one row per receiver and match, updated in place as messages
-- arrive ("3 new messages from Ana"); the count it shows since it was last read (decision 031).
ALTER TABLE "notifications" ADD COLUMN "event_count" integer DEFAULT 1 NOT NULL;
