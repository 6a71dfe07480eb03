-- The PaymentIntent a booking's checkout uses, so opening the checkout again answers that intent
-- instead of creating another; and how many intents the booking has had, which keys their creation
-- at the provider (simultaneous first requests then create one).
alter table bookings add column payment_intent_id text;
alter table bookings add column payment_intents_made integer not null default 0;
