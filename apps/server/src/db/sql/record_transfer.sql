-- record_transfer: a peer transfer, whole, in one call (decision 067): the Idempotency-Key, the
-- checks, the scam guardrails, the ledger entry, the wallets and the receiver's notice. The caller
-- (modules/wallet/transfer-statement.ts) calls it as one statement, which is its own transaction, so
-- a transfer costs one round trip and one durable commit instead of a transaction of twenty.
-- What the caller decides and passes in, so that every text and limit stays in TypeScript:
--   * `refusal`: the sender's own refusal (access, a plan that may not pay, a transfer to oneself),
--     or null; `p_reachable`: whether the receiver is someone the sender may pay (the members' rule
--     `reachableBy`, evaluated by the calling statement);
--   * `refusals`: each refusal the routine may answer, as {status, body} (the AppError's reply);
--   * `replies`: the reply of a completed and of a held transfer (the presenter's), whose
--     `new_balance_cents` the routine fills in;
--   * `transfer_id`, `release_at`, the guard's limits and the receiver's `notice` (a notifications row).
-- In order, as the service did it in steps:
--   1. The key row is inserted first: a concurrent duplicate waits on its primary key until this
--      commits, then reads the stored reply (`replayed`; `key_conflict` when the key came with
--      another request). A refusal is stored like a success, so every repeat gets the same answer.
--   2. Refusals come before any write, so a refusal writes only the key row: the sender's own, the
--      receiver, a balance that cannot cover it (read without a lock: the locked re-check in 4 is
--      the authority), then the guardrails.
--   3. Guardrails (TRANSFER_GUARD): a large amount (this one with what the sender sent the receiver
--      in the last day, held or delivered), or the first transfer to someone matched in the last
--      day. The pair's transaction lock comes before the day's sum: each statement of this function
--      reads what committed before it started, so transfers sent side by side are counted one after
--      the other and five sent at once cannot each pass as the first. Guarded and not `confirmed`:
--      CONFIRMATION_REQUIRED; confirmed: held (wallet → hold) for its cool-off.
--   4. The wallets are locked in user-id order (two transfers in opposite directions wait instead
--      of deadlocking), the balance checked again under the lock, and only then is anything written:
--      the transfer, one balanced entry (the commit-time trigger checks it), the history rows, the
--      wallets, the notice. The row locks are held for these writes and the commit only.
CREATE OR REPLACE FUNCTION record_transfer(p jsonb, p_reachable boolean) RETURNS TABLE (
  reply_status integer,
  reply_body jsonb,
  replayed boolean,
  key_conflict boolean,
  notification_id uuid
) LANGUAGE plpgsql
SET jit = off
AS $$
#variable_conflict use_column
DECLARE
  v_sender uuid := (p->>'sender')::uuid;
  v_receiver uuid := (p->>'receiver')::uuid;
  v_key text := p->>'key';
  v_hash text := p->>'request_hash';
  v_amount bigint := (p->>'amount_cents')::bigint;
  v_transfer uuid := (p->>'transfer_id')::uuid;
  v_type transfer_type := (p->>'transfer_type')::transfer_type;
  v_message text := p->>'message';
  v_refusal jsonb := nullif(p->'refusal', 'null'::jsonb);
  v_stored record;
  v_balance bigint;
  v_sent bigint;
  v_guard text;
  v_held boolean;
  v_wallet escrow_wallets%ROWTYPE;
  v_from escrow_wallets%ROWTYPE;
  v_to escrow_wallets%ROWTYPE;
  v_entry uuid;
  v_notice uuid;
  v_status integer;
  v_reply jsonb;
BEGIN
  INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (v_sender, v_key, v_hash)
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT k.status_code, k.reply, k.request_hash INTO v_stored
      FROM idempotency_keys k WHERE k.user_id = v_sender AND k.key = v_key;
    IF v_stored.status_code IS NULL THEN
      RAISE EXCEPTION 'idempotency key row without its reply';
    END IF;
    RETURN QUERY SELECT v_stored.status_code::integer, v_stored.reply, true, v_stored.request_hash <> v_hash, NULL::uuid;
    RETURN;
  END IF;

  IF v_refusal IS NULL AND NOT p_reachable THEN
    v_refusal := p->'refusals'->'receiver_unavailable';
  END IF;
  IF v_refusal IS NULL THEN
    SELECT w.current_balance_cents INTO v_balance FROM escrow_wallets w WHERE w.user_id = v_sender;
    IF v_balance IS NULL OR v_balance < v_amount THEN
      v_refusal := p->'refusals'->'insufficient_funds';
    END IF;
  END IF;

  IF v_refusal IS NULL THEN
    IF v_amount >= (p->>'confirm_at_cents')::bigint THEN
      v_guard := 'large_amount';
    ELSE
      PERFORM pg_advisory_xact_lock(hashtextextended('peer-transfer:' || v_sender || ':' || v_receiver, 0));
      SELECT coalesce(sum(t.amount_cents), 0) INTO v_sent FROM peer_transfers t
        WHERE t.sender_id = v_sender AND t.receiver_id = v_receiver
          AND t.created_at > now() - make_interval(hours => (p->>'large_window_hours')::integer)
          AND t.status IN ('held', 'completed');
      IF v_sent + v_amount >= (p->>'confirm_at_cents')::bigint THEN
        v_guard := 'large_amount';
      -- Members who never matched are not a new match: the rule targets a fresh match asking for
      -- money. A transfer still on hold does not count as one that arrived.
      ELSIF EXISTS (SELECT 1 FROM matches m
                    WHERE m.user1_id = least(v_sender, v_receiver) AND m.user2_id = greatest(v_sender, v_receiver)
                      AND m.created_at > now() - make_interval(hours => (p->>'new_match_hours')::integer))
        AND NOT EXISTS (SELECT 1 FROM peer_transfers t
                        WHERE t.sender_id = v_sender AND t.receiver_id = v_receiver AND t.status = 'completed') THEN
        v_guard := 'new_match';
      END IF;
    END IF;
    IF v_guard IS NOT NULL AND NOT coalesce((p->>'confirmed')::boolean, false) THEN
      v_refusal := p->'refusals'->('confirm_' || v_guard);
    END IF;
  END IF;

  IF v_refusal IS NULL THEN
    v_held := v_guard IS NOT NULL;
    FOR v_wallet IN
      SELECT * FROM escrow_wallets w
      WHERE w.user_id = ANY (CASE WHEN v_held THEN ARRAY[v_sender] ELSE ARRAY[v_sender, v_receiver] END)
      ORDER BY w.user_id FOR UPDATE
    LOOP
      IF v_wallet.user_id = v_sender THEN v_from := v_wallet; ELSE v_to := v_wallet; END IF;
    END LOOP;
    IF v_from.user_id IS NULL OR v_from.current_balance_cents < v_amount THEN
      v_refusal := p->'refusals'->'insufficient_funds';
    ELSIF NOT v_held AND v_to.user_id IS NULL THEN
      v_refusal := p->'refusals'->'wallet_not_found';
    -- Past 2^53 the server would read the balance rounded (it is exact here): refused, never rounded.
    ELSIF NOT v_held AND v_to.current_balance_cents + v_amount > 9007199254740991 THEN
      RAISE EXCEPTION 'wallet % would leave the exact integer range', v_receiver;
    END IF;
  END IF;

  IF v_refusal IS NOT NULL THEN
    v_status := (v_refusal->>'status')::integer;
    v_reply := v_refusal->'body';
  ELSE
    INSERT INTO peer_transfers (id, sender_id, receiver_id, amount_cents, transfer_type, message, status, release_at)
      VALUES (v_transfer, v_sender, v_receiver, v_amount, v_type, v_message,
        CASE WHEN v_held THEN 'held' ELSE 'completed' END::peer_transfer_status,
        CASE WHEN v_held THEN (p->>'release_at')::timestamptz END);
    INSERT INTO ledger_entries (transaction_type, created_by)
      VALUES (CASE WHEN v_held THEN 'escrow_hold' ELSE 'transfer' END::transaction_type, v_sender)
      RETURNING id INTO v_entry;
    INSERT INTO ledger_lines (entry_id, account_id, amount_cents) VALUES
      (v_entry, v_from.wallet_account_id, -v_amount),
      (v_entry, CASE WHEN v_held THEN v_from.hold_account_id ELSE v_to.wallet_account_id END, v_amount);
    -- The sender's history row, pending while held; a delivered transfer's receiver gets theirs.
    INSERT INTO wallet_transactions (user_id, entry_id, amount_cents, transaction_type, counterparty_id,
        transfer_type, message, transfer_id, status)
      SELECT v_sender, v_entry, -v_amount, 'transfer'::transaction_type, v_receiver, v_type, v_message, v_transfer,
        CASE WHEN v_held THEN 'pending' ELSE 'completed' END::wallet_transaction_status
      UNION ALL
      SELECT v_receiver, v_entry, v_amount, 'transfer'::transaction_type, v_sender, v_type, v_message, v_transfer,
        'completed'::wallet_transaction_status
      WHERE NOT v_held;
    UPDATE escrow_wallets w SET current_balance_cents = w.current_balance_cents - v_amount,
        held_cents = w.held_cents + CASE WHEN v_held THEN v_amount ELSE 0 END, updated_at = now()
      WHERE w.user_id = v_sender;
    IF NOT v_held THEN
      UPDATE escrow_wallets w SET current_balance_cents = w.current_balance_cents + v_amount, updated_at = now()
        WHERE w.user_id = v_receiver;
      INSERT INTO notifications (user_id, type, title, message, actor_id, link, dedupe_key)
        SELECT n.user_id, n.type, n.title, n.message, n.actor_id, n.link, n.dedupe_key
        FROM jsonb_populate_record(NULL::notifications, p->'notice') n
        ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
        RETURNING id INTO v_notice;
    END IF;
    v_status := 200;
    v_reply := jsonb_set(p->'replies'->(CASE WHEN v_held THEN 'held' ELSE 'completed' END),
      '{new_balance_cents}', to_jsonb(v_from.current_balance_cents - v_amount));
  END IF;

  UPDATE idempotency_keys k SET status_code = v_status, reply = v_reply
    WHERE k.user_id = v_sender AND k.key = v_key;
  RETURN QUERY SELECT v_status, v_reply, false, false, v_notice;
END
$$;
