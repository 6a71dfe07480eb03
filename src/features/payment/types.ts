/** The payment feature's wire type: what `POST /payment` records once the card is charged. */

export interface PaymentRecord {
  resale_price: number;
  transactionId: string;
  email: string;
  bookingId: string;
}
