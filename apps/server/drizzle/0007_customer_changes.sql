-- Customer changes (decision 038): each write to a customer's data tells every instance, on commit,
-- whose data changed: NOTIFY customer_changes with the customer's id, or '*' for every customer.
-- Instances keep sessions and customers' own answers in memory until they hear of a change.
--
-- TG_ARGV[0] names the column that leads to the customer: the customer's id itself, or (with
-- TG_ARGV[1], the parent table) the id of a parent row that has a customer_id.
CREATE FUNCTION notify_customer_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb[] := ARRAY[]::jsonb[];
  row_seen jsonb;
  ref text;
  customer text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN changed := changed || to_jsonb(OLD); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN changed := changed || to_jsonb(NEW); END IF;
  FOREACH row_seen IN ARRAY changed LOOP
    ref := row_seen ->> TG_ARGV[0];
    customer := ref;
    IF TG_NARGS > 1 AND ref IS NOT NULL THEN
      EXECUTE format('SELECT customer_id::text FROM %I WHERE id = $1', TG_ARGV[1]) INTO customer USING ref::integer;
    END IF;
    -- Identical notifications of one transaction are delivered once.
    IF customer IS NOT NULL THEN PERFORM pg_notify('customer_changes', customer); END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION notify_every_customer_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('customer_changes', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER customers_notify_change AFTER INSERT OR UPDATE OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('id');--> statement-breakpoint
CREATE TRIGGER customer_tokens_notify_change AFTER INSERT OR UPDATE OR DELETE ON customer_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('customer_id');--> statement-breakpoint
CREATE TRIGGER customer_custom_values_notify_change AFTER INSERT OR UPDATE OR DELETE ON customer_custom_values
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('customer_id');--> statement-breakpoint
CREATE TRIGGER card_tokens_notify_change AFTER INSERT OR UPDATE OR DELETE ON card_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('customer_id');--> statement-breakpoint
CREATE TRIGGER sales_notify_change AFTER INSERT OR UPDATE OR DELETE ON sales
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('customer_id');--> statement-breakpoint
CREATE TRIGGER sale_items_notify_change AFTER INSERT OR UPDATE OR DELETE ON sale_items
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('sale_id', 'sales');--> statement-breakpoint
CREATE TRIGGER vouchers_notify_change AFTER INSERT OR UPDATE OR DELETE ON vouchers
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('customer_id');--> statement-breakpoint
CREATE TRIGGER voucher_movements_notify_change AFTER INSERT OR UPDATE OR DELETE ON voucher_movements
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('voucher_id', 'vouchers');--> statement-breakpoint
CREATE TRIGGER communications_notify_change AFTER INSERT OR UPDATE OR DELETE ON communications
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('customer_id');--> statement-breakpoint
-- The profile lists every active custom field: a change of one changes every customer's profile.
CREATE TRIGGER custom_fields_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON custom_fields
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();--> statement-breakpoint
CREATE TRIGGER customers_notify_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();--> statement-breakpoint
CREATE TRIGGER customer_tokens_notify_truncate AFTER TRUNCATE ON customer_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();--> statement-breakpoint
CREATE TRIGGER customer_custom_values_notify_truncate AFTER TRUNCATE ON customer_custom_values
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();--> statement-breakpoint
CREATE TRIGGER card_tokens_notify_truncate AFTER TRUNCATE ON card_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();--> statement-breakpoint
CREATE TRIGGER sales_notify_truncate AFTER TRUNCATE ON sales
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();--> statement-breakpoint
CREATE TRIGGER sale_items_notify_truncate AFTER TRUNCATE ON sale_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();--> statement-breakpoint
CREATE TRIGGER vouchers_notify_truncate AFTER TRUNCATE ON vouchers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();--> statement-breakpoint
CREATE TRIGGER voucher_movements_notify_truncate AFTER TRUNCATE ON voucher_movements
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();--> statement-breakpoint
CREATE TRIGGER communications_notify_truncate AFTER TRUNCATE ON communications
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();--> statement-breakpoint
CREATE TRIGGER bookings_notify_change AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION notify_customer_change('customer_id');--> statement-breakpoint
CREATE TRIGGER bookings_notify_truncate AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_every_customer_change();
