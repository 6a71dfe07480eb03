-- The provider's webhook names a PaymentIntent; an intent without a booking in its metadata is
-- traced to its booking through the intent the booking's checkout stored.
create index bookings_payment_intent on bookings (payment_intent_id) where payment_intent_id is not null;
