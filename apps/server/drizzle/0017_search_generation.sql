-- Browse keeps a short-lived snapshot of each filter mix's matches (modules/search/snapshots.ts). This
-- sequence moves whenever something a search filters on may have changed, so every instance notices at
-- its next search and rebuilds: it is read in the same statement as the page. Activity (last_active),
-- view and like counts are left out on purpose: they change constantly and only age the order of the
-- snapshot, which its TTL bounds. The triggers that move it are src/db/sql/bump_search_generation.sql
-- (decision 033).
CREATE SEQUENCE "search_generation";
--> statement-breakpoint
-- Called once, so the first bump already moves last_value (before any nextval it reads 1, as after one).
SELECT nextval('search_generation');
