import type { Queryable } from '../db/db';

export interface PaymentRow {
  id: string;
  booking_id: string;
  transaction_id: string;
  email: string;
  amount_cents: number;
}

const COLUMNS = 'id, booking_id, transaction_id, email, amount_cents';

export function paymentsRepository(db: Queryable) {
  return {
    async findByTransactionId(transactionId: string): Promise<PaymentRow | undefined> {
      const rows = await db.query<PaymentRow>(`select ${COLUMNS} from payments where transaction_id = $1`, [
        transactionId,
      ]);
      return rows[0];
    },

    async insert(payment: PaymentRow): Promise<void> {
      await db.query(
        `insert into payments (id, booking_id, transaction_id, email, amount_cents) values ($1, $2, $3, $4, $5)`,
        [payment.id, payment.booking_id, payment.transaction_id, payment.email, payment.amount_cents],
      );
    },
  };
}
