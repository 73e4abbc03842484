/** A customer as `GET /v1/customer` answers it. */
export type CustomerRow = {
  id: string;
  created_at: string;
  email_address: string | null;
  first_name: string | null;
  last_name: string | null;
  initials: string | null;
  title: string | null;
  gender: string | null;
  postal_code: string | null;
  street_address: string | null;
  house_number: string | null;
  house_number_suffix: string | null;
  city: string | null;
  region: string | null;
  country_code: string | null;
  date_of_birth: string | null;
  fax_number: string | null;
  phone_number: string | null;
  segment: string | null;
  social_security_number: string | null;
  status: string | null;
  status_reason: string | null;
};

export const customerName = (customer: Pick<CustomerRow, 'first_name' | 'last_name'>) => [customer.first_name, customer.last_name].filter(Boolean).join(' ');

/** The RFM segments the customer data carries (the `segment` filter's choices). */
export const CUSTOMER_SEGMENTS = ['champions', 'loyal', 'potential_loyalists', 'new', 'need_attention', 'at_risk', 'hibernating'] as const;
