-- A reservation is now its ledger rows: 'reserve' rows (the hold, then extensions) and one closing
-- row ('settle' or 'release'), which every reservation already had; the table only kept the state.
DROP TABLE "credit_reservations" CASCADE;--> statement-breakpoint
CREATE INDEX "credit_ledger_holds_idx" ON "credit_ledger" USING btree ("reservation_id") WHERE kind = 'reserve';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_closing_idx" ON "credit_ledger" USING btree ("reservation_id") WHERE kind IN ('settle', 'release');--> statement-breakpoint
-- Takes up to p_wanted thousandths off a balance (all of it or nothing unless p_up_to) and returns
-- what was held and the balance after (nulls when nothing), for the caller's statement to write the
-- 'reserve' row. In PL/pgSQL so that its plans are prepared once per connection.
CREATE OR REPLACE FUNCTION credit_hold_row(p_user uuid, p_wanted bigint, p_up_to boolean, OUT held_milli bigint, OUT after_milli bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_remaining bigint;
BEGIN
  UPDATE credit_accounts a SET remaining_milli = a.remaining_milli - p_wanted, updated_at = now()
    WHERE a.user_id = p_user AND a.remaining_milli >= p_wanted
    RETURNING p_wanted, a.remaining_milli INTO held_milli, after_milli;
  IF FOUND OR NOT p_up_to THEN RETURN; END IF;
  -- Less than wanted remains: hold what is left, read under the row's lock.
  SELECT a.remaining_milli INTO v_remaining FROM credit_accounts a WHERE a.user_id = p_user FOR UPDATE;
  IF v_remaining IS NULL OR v_remaining <= 0 THEN RETURN; END IF;
  held_milli := LEAST(p_wanted, v_remaining);
  UPDATE credit_accounts a SET remaining_milli = a.remaining_milli - held_milli, updated_at = now()
    WHERE a.user_id = p_user RETURNING a.remaining_milli INTO after_milli;
END $$;--> statement-breakpoint
-- Closes a reservation: p_actual is the real cost (settle), NULL gives the whole hold back
-- (release). Gives back the unused part and returns the closing row for the caller's statement to
-- write; o_state 'missing' or 'closed' (already) writes nothing. The account's row lock orders every
-- step of a user's reservations, and each statement after it sees what committed before (a fresh
-- snapshot per statement): a reservation is closed once, counting all of its holds.
CREATE OR REPLACE FUNCTION credit_close_row(p_reservation uuid, p_actual bigint,
  OUT o_state text, OUT o_user uuid, OUT o_feature text, OUT o_delta bigint, OUT o_after bigint, OUT o_over bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_held bigint;
BEGIN
  SELECT a.user_id INTO o_user FROM credit_accounts a
    WHERE a.user_id = (SELECT l.user_id FROM credit_ledger l WHERE l.reservation_id = p_reservation AND l.kind = 'reserve' LIMIT 1)
    FOR UPDATE;
  IF o_user IS NULL THEN o_state := 'missing'; RETURN; END IF;
  IF EXISTS (SELECT 1 FROM credit_ledger l WHERE l.reservation_id = p_reservation AND l.kind IN ('settle', 'release')) THEN
    o_state := 'closed'; RETURN;
  END IF;
  SELECT -sum(l.delta_milli), max(l.feature) INTO v_held, o_feature
    FROM credit_ledger l WHERE l.reservation_id = p_reservation AND l.kind = 'reserve';
  o_delta := CASE WHEN p_actual IS NULL THEN v_held ELSE GREATEST(v_held - p_actual, 0) END;
  o_over := CASE WHEN p_actual IS NULL THEN 0 ELSE p_actual - v_held END;
  UPDATE credit_accounts a SET remaining_milli = a.remaining_milli + o_delta, updated_at = now()
    WHERE a.user_id = o_user RETURNING a.remaining_milli INTO o_after;
  o_state := 'closing';
END $$;
--> statement-breakpoint
-- reserve and settle/release on their own, as one short statement whose plans stay prepared: the
-- same rows as the common table expressions features put in their own statements.
CREATE OR REPLACE FUNCTION credit_hold(p_user uuid, p_wanted bigint, p_up_to boolean, p_reservation uuid, p_feature text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  h record;
BEGIN
  h := credit_hold_row(p_user, p_wanted, p_up_to);
  IF h.held_milli IS NOT NULL THEN
    INSERT INTO credit_ledger (user_id, kind, delta_milli, balance_after_milli, reservation_id, feature)
      VALUES (p_user, 'reserve', -h.held_milli, h.after_milli, p_reservation, p_feature);
  END IF;
  RETURN h.held_milli;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION credit_close(p_reservation uuid, p_actual bigint, p_details jsonb)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  c := credit_close_row(p_reservation, p_actual);
  IF c.o_state = 'closing' THEN
    INSERT INTO credit_ledger (user_id, kind, delta_milli, balance_after_milli, reservation_id, feature, details)
      VALUES (c.o_user, CASE WHEN p_actual IS NULL THEN 'release' ELSE 'settle' END, c.o_delta, c.o_after, p_reservation, c.o_feature,
              CASE WHEN c.o_over > 0 THEN p_details || jsonb_build_object('unbilledMilli', c.o_over) ELSE p_details END);
  END IF;
  RETURN c.o_state;
END $$;
