-- Customer changes from one list (decision 102): only the rows some cache keeps notify, and every
-- trigger pair is made by one function, `customer_change_triggers`, instead of copied by hand.
--
-- The caches keep (decision 038): sessions (customers, customer_tokens), the profile (customers,
-- customer_custom_values, custom_fields), the saved cards (card_tokens), the orders and one order
-- (paid sales and their lines), the vouchers (vouchers, voucher_movements), the comms
-- (communications). Bookings, payments, promo uses, inscriptions, the waiting list and form
-- submissions are kept by none: their changes no longer notify, so a prebook (a booking and a
-- pending sale) commits without taking PostgreSQL's lock of notifying commits.
--
-- notify_customer_change(column, parent, only_column, only_value): `column` leads to the customer
-- (the customer's id itself or, with `parent`, the id of a parent row that has a customer_id);
-- with `only_column`, only rows (or parents) whose `only_column` is `only_value` notify, before or
-- after the change. '' stands for none.
CREATE OR REPLACE FUNCTION notify_customer_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb[] := ARRAY[]::jsonb[];
  row_seen jsonb;
  ref text;
  customer text;
  parent text := NULLIF(TG_ARGV[1], '');
  only_column text := NULLIF(TG_ARGV[2], '');
  only_value text := TG_ARGV[3];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN changed := changed || to_jsonb(OLD); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN changed := changed || to_jsonb(NEW); END IF;
  FOREACH row_seen IN ARRAY changed LOOP
    ref := row_seen ->> TG_ARGV[0];
    customer := NULL;
    IF parent IS NULL THEN
      IF only_column IS NULL OR row_seen ->> only_column = only_value THEN customer := ref; END IF;
    ELSIF ref IS NOT NULL AND only_column IS NULL THEN
      EXECUTE format('SELECT customer_id::text FROM %I WHERE id = $1', parent) INTO customer USING ref::integer;
    ELSIF ref IS NOT NULL THEN
      EXECUTE format('SELECT customer_id::text FROM %I WHERE id = $1 AND %I::text = $2', parent, only_column)
        INTO customer USING ref::integer, only_value;
    END IF;
    -- Identical notifications of one transaction are delivered once.
    IF customer IS NOT NULL THEN PERFORM pg_notify('customer_changes', customer); END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The pair of a table: `<table>_notify_change` for its rows and `<table>_notify_truncate`. A
-- table whose every change concerns every customer (`customer_column` '*') has one trigger per
-- statement, truncates included. Replaces the table's pair if it had one.
CREATE FUNCTION customer_change_triggers(
  tbl text, customer_column text, parent text DEFAULT '', only_column text DEFAULT '', only_value text DEFAULT ''
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM no_customer_change_triggers(tbl);
  IF customer_column = '*' THEN
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change()',
      tbl || '_notify_change', tbl);
    RETURN;
  END IF;
  EXECUTE format(
    'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION notify_customer_change(%L, %L, %L, %L)',
    tbl || '_notify_change', tbl, customer_column, parent, only_column, only_value);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change()',
    tbl || '_notify_truncate', tbl);
END
$$;--> statement-breakpoint
-- Drops the pair of a table (a table no cache keeps).
CREATE FUNCTION no_customer_change_triggers(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_notify_change', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_notify_truncate', tbl);
END
$$;--> statement-breakpoint
-- The one list. A new table whose rows a cache keeps gets its line here, or its own
-- `SELECT customer_change_triggers(...)` in its migration.
SELECT customer_change_triggers(t.tbl, t.customer_column, t.parent, t.only_column, t.only_value)
FROM (VALUES
  ('customers',              'id',          '',         '',       ''),
  ('customer_tokens',        'customer_id', '',         '',       ''),
  ('customer_custom_values', 'customer_id', '',         '',       ''),
  ('custom_fields',          '*',           '',         '',       ''),
  ('card_tokens',            'customer_id', '',         '',       ''),
  ('sales',                  'customer_id', '',         'status', 'paid'),
  ('sale_items',             'sale_id',     'sales',    'status', 'paid'),
  ('vouchers',               'customer_id', '',         '',       ''),
  ('voucher_movements',      'voucher_id',  'vouchers', '',       ''),
  ('communications',         'customer_id', '',         '',       '')
) AS t(tbl, customer_column, parent, only_column, only_value);--> statement-breakpoint
SELECT no_customer_change_triggers(tbl)
FROM unnest(ARRAY[
  'bookings', 'payments', 'promo_uses', 'activity_inscriptions', 'place_session_waitlist', 'form_submissions'
]) AS tbl;
