/** The payment orders table under `name` (also in Postgres step 71, as `payment_orders`). */
export const paymentOrders = (name: string) => `CREATE TABLE ${name} (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  paypal_order_id TEXT UNIQUE,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created', 'pending', 'captured', 'rejected', 'refunded')),
  capture_id TEXT,
  failure TEXT,
  pro_until TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  captured_at TEXT,
  period_start TEXT,
  checked_at TEXT,
  refunded_at TEXT
);`;

/** Its indexes. */
export const paymentOrdersIndexes = `CREATE INDEX payment_orders_user ON payment_orders(user_id);
CREATE INDEX payment_orders_status ON payment_orders(status, created_at);`;

/**
 * Payment orders learn two more states: `pending` (PayPal took the capture but has not completed
 * it: eCheck, payment review) and `refunded` (PayPal refunded a captured order and its Pro month
 * was taken back). SQLite cannot alter a CHECK constraint, so the table is rebuilt the SQLite way
 * (new table, copy every row, drop, rename, indexes again). New columns: `period_start` (where
 * the month this order paid for began, so a refund takes back exactly that month), `checked_at`
 * (last time PayPal was asked about it: throttles reconciliation) and `refunded_at`.
 */
export const up = `
${paymentOrders('payment_orders_new')}
INSERT INTO payment_orders_new
  (id, user_id, paypal_order_id, amount, currency, status, capture_id, failure, pro_until,
   created_at, captured_at)
  SELECT id, user_id, paypal_order_id, amount, currency, status, capture_id, failure, pro_until,
         created_at, captured_at
    FROM payment_orders;
DROP TABLE payment_orders;
ALTER TABLE payment_orders_new RENAME TO payment_orders;
${paymentOrdersIndexes}
`;
