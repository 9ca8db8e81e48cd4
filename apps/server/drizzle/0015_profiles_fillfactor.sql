-- A profile row changes often in place (like and view counts, settings) while it is read by every
-- feed and search. Leaving a tenth of each page free lets those updates stay on their page without
-- touching the table's nine indexes (a HOT update: no new entries in the trigram, tag and geo
-- indexes). Pages written from now on keep the room; existing ones gain it when the table is next
-- rewritten (VACUUM FULL or pg_repack), which is left to the operator.
ALTER TABLE "profiles" SET (fillfactor = 90);
