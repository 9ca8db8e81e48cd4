-- A member who hides their online status hides when they were last active, and that includes the
-- order of the feed and of browse (both sort by last_active): a hidden member's place between two
-- members whose activity shows told the minute they were last active. Their last_active is therefore
-- kept to the day (UTC): written so by the request path (touch_last_active), truncated at once when
-- the member turns the setting off (the settings' card-copy trigger, src/db/sql/
-- copy_card_settings_to_profile.sql), and here once for everyone already hidden. Nobody is shown a
-- hidden member's activity, so only the order reads it.
UPDATE "profiles" SET "last_active" = date_trunc('day', "last_active", 'UTC')
WHERE NOT "show_online_status" AND "last_active" <> date_trunc('day', "last_active", 'UTC');
