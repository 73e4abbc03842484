import type { TCustomerRow } from '@kassa/domain';

/** A customer as `GET /v1/customer` answers it. */
export type CustomerRow = TCustomerRow;

export const customerName = (customer: Pick<CustomerRow, 'first_name' | 'last_name'>) =>
  [customer.first_name, customer.last_name].filter(Boolean).join(' ');

/** The RFM segments the customer data carries (the `segment` filter's choices): the domain's, as the server checks them. */
export { RFM_SEGMENTS as CUSTOMER_SEGMENTS } from '@kassa/domain';
