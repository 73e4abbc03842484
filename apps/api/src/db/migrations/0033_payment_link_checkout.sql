-- A payment link paid on the hosted checkout page whose payment waits for a 3-D Secure
-- challenge: the challenge's end decides whether the link is done.
alter table checkout_session add column payment_link_id text references payment_link(id);
