-- A swipe is keyed by its pair. Nothing refers to a swipe by its id (Remove, Start Over and every
-- list find it by swiper and target), and the random id cost each swipe an insert into a third unique
-- index at a random place (with a like, about a tenth of the swipe's database time in batches of 20,
-- bench/swipe-batch-cost.ts) and 39 MB of index on the benchmark's 800,000 swipes. The pair's unique
-- key becomes the primary key; ON CONFLICT (swiper_id, target_id) still finds it.
ALTER TABLE "swipe_actions" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "swipe_actions" DROP CONSTRAINT "swipe_actions_pair_key";--> statement-breakpoint
ALTER TABLE "swipe_actions" ADD CONSTRAINT "swipe_actions_pkey" PRIMARY KEY("swiper_id","target_id");
