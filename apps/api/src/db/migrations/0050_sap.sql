-- The optional SAP module (MODULES=sap, provider settings → SAP): each merchant is onboarded as a
-- business partner (debtor) of a company code in the provider's SAP system, so that its fees and
-- payouts can be booked there. A record goes CREATED → ONBOARDED (with the partner number SAP gave
-- it) and is never removed: deleting marks it DELETED, and the merchant can then be added again.
create table sap_business_partner (
  id text primary key,
  organisation_id text not null references organisation(id),
  merchant_id text not null references organisation(id),
  status text not null default 'CREATED' check (status in ('CREATED', 'ONBOARDED', 'DELETED')),
  company_code text not null,
  business_partner text,
  onboarded_at timestamptz,
  deleted_at timestamptz,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One live record per merchant, and one live merchant per partner number of a company code.
create unique index sap_business_partner_live_idx on sap_business_partner (merchant_id) where status <> 'DELETED';
create unique index sap_business_partner_number_idx on sap_business_partner (company_code, business_partner) where status <> 'DELETED' and business_partner is not null;
create index sap_business_partner_created_idx on sap_business_partner (created_at desc, id desc);
create index sap_business_partner_merchant_created_idx on sap_business_partner (merchant_id, created_at desc);
