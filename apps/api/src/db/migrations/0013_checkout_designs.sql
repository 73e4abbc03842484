-- Checkout designs: how the hosted payment page looks for a merchant (risk-config.md §3).
create table checkout_design (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  name text not null,
  description text,
  background_color text not null,
  background_image_url text,
  logo_url text,
  header_color text not null,
  header_text_color text not null,
  button_color text not null,
  button_text_color text not null,
  show_language_switch boolean not null default true,
  payment_product_order text[] not null default '{}',
  number_format text not null default 'en_US',
  css text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index checkout_design_merchant_created_idx on checkout_design (merchant_id, created_at desc);
create index checkout_design_org_created_idx on checkout_design (organisation_id, created_at desc);
