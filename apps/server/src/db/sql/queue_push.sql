-- Every notification a member is given becomes a push to each of their devices (issue 40): one
-- outbox_push row per device, written here in the transaction that wrote the notification, so no
-- writer of notifications (notify(), the message send's one statement, record_swipes,
-- record_transfer, sign-up's welcome) can forget it, and a push exists exactly when its notice
-- committed. Whether it is sent, and what it says, the delivery worker decides when it sends it
-- (modules/push/delivery.ts): the member's settings and quiet hours as they are then.
-- A chat's new-messages notice is renewed in place (decision 031: unread again, a later created_at):
-- each renewal is a new message, so it is a new push too. Marking notices read moves no created_at.
-- A member without devices costs one probe of push_subscriptions_user_idx.
CREATE OR REPLACE FUNCTION "queue_push"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "outbox_push" ("notification_id", "subscription_id")
    SELECT NEW."id", s."id" FROM "push_subscriptions" s WHERE s."user_id" = NEW."user_id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "notifications_queue_push"
  AFTER INSERT ON "notifications"
  FOR EACH ROW WHEN (NOT NEW."is_read") EXECUTE FUNCTION "queue_push"();

CREATE TRIGGER "notifications_queue_push_renewed"
  AFTER UPDATE OF "created_at" ON "notifications"
  FOR EACH ROW WHEN (NEW."created_at" > OLD."created_at" AND NOT NEW."is_read") EXECUTE FUNCTION "queue_push"();
