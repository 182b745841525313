ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_user_id_users_id_fk";--> statement-breakpoint
-- credit_hold and credit_close with credit_hold_row / credit_close_row written out in them (the
-- features' common table expressions still call those): one PL/pgSQL call per step instead of two,
-- and the same rows. The ledger's foreign key went above: its check locked the user's row for every
-- ledger row (about 9% of a charge's instructions, callgrind), and each row is written beside an
-- update of the user's account, whose own key already ties it to the user.
CREATE OR REPLACE FUNCTION credit_hold(p_user uuid, p_wanted bigint, p_up_to boolean, p_reservation uuid, p_feature text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_held bigint;
  v_after bigint;
  v_remaining bigint;
BEGIN
  UPDATE credit_accounts a SET remaining_milli = a.remaining_milli - p_wanted, updated_at = now()
    WHERE a.user_id = p_user AND a.remaining_milli >= p_wanted
    RETURNING p_wanted, a.remaining_milli INTO v_held, v_after;
  IF NOT FOUND THEN
    IF NOT p_up_to THEN RETURN NULL; END IF;
    SELECT a.remaining_milli INTO v_remaining FROM credit_accounts a WHERE a.user_id = p_user FOR UPDATE;
    IF v_remaining IS NULL OR v_remaining <= 0 THEN RETURN NULL; END IF;
    v_held := LEAST(p_wanted, v_remaining);
    UPDATE credit_accounts a SET remaining_milli = a.remaining_milli - v_held, updated_at = now()
      WHERE a.user_id = p_user RETURNING a.remaining_milli INTO v_after;
  END IF;
  INSERT INTO credit_ledger (user_id, kind, delta_milli, balance_after_milli, reservation_id, feature)
    VALUES (p_user, 'reserve', -v_held, v_after, p_reservation, p_feature);
  RETURN v_held;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION credit_close(p_reservation uuid, p_actual bigint, p_details jsonb)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_user uuid;
  v_held bigint;
  v_feature text;
  v_delta bigint;
  v_after bigint;
  v_over bigint;
BEGIN
  SELECT a.user_id INTO v_user FROM credit_accounts a
    WHERE a.user_id = (SELECT l.user_id FROM credit_ledger l WHERE l.reservation_id = p_reservation AND l.kind = 'reserve' LIMIT 1)
    FOR UPDATE;
  IF v_user IS NULL THEN RETURN 'missing'; END IF;
  IF EXISTS (SELECT 1 FROM credit_ledger l WHERE l.reservation_id = p_reservation AND l.kind IN ('settle', 'release')) THEN
    RETURN 'closed';
  END IF;
  SELECT -sum(l.delta_milli), max(l.feature) INTO v_held, v_feature
    FROM credit_ledger l WHERE l.reservation_id = p_reservation AND l.kind = 'reserve';
  v_delta := CASE WHEN p_actual IS NULL THEN v_held ELSE GREATEST(v_held - p_actual, 0) END;
  v_over := CASE WHEN p_actual IS NULL THEN 0 ELSE p_actual - v_held END;
  UPDATE credit_accounts a SET remaining_milli = a.remaining_milli + v_delta, updated_at = now()
    WHERE a.user_id = v_user RETURNING a.remaining_milli INTO v_after;
  INSERT INTO credit_ledger (user_id, kind, delta_milli, balance_after_milli, reservation_id, feature, details)
    VALUES (v_user, CASE WHEN p_actual IS NULL THEN 'release' ELSE 'settle' END, v_delta, v_after, p_reservation, v_feature,
            CASE WHEN v_over > 0 THEN p_details || jsonb_build_object('unbilledMilli', v_over) ELSE p_details END);
  RETURN 'closing';
END $$;
