import { access } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useCustomer } from '../api/get-customer.ts';
import { customerName, type CustomerRow } from '../api/types.ts';
import { CustomerTransactionsTab } from './customer-transactions-tab.tsx';

const Overview = ({ customer }: { customer: CustomerRow }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const f = (field: string) => t(`fields:customer.${field}`);
  const street = [customer.street_address, customer.house_number, customer.house_number_suffix]
    .filter(Boolean)
    .join(' ');
  return (
    <DetailFields
      fields={[
        { label: f('id'), value: <CopyableId value={customer.id} /> },
        {
          label: f('name'),
          value: [
            customer.title && t(`personTitles.${customer.title}`, { defaultValue: customer.title }),
            customerName(customer),
          ]
            .filter(Boolean)
            .join(' '),
        },
        { label: f('email_address'), value: customer.email_address },
        { label: f('phone_number'), value: customer.phone_number },
        { label: f('street_address'), value: street },
        { label: f('postal_code'), value: customer.postal_code },
        { label: f('city'), value: customer.city },
        { label: f('region'), value: customer.region },
        { label: f('country_code'), value: customer.country_code },
        { label: f('date_of_birth'), value: customer.date_of_birth && format.date(customer.date_of_birth) },
        {
          label: f('gender'),
          value: customer.gender ? t(`genders.${customer.gender}`, { defaultValue: customer.gender }) : null,
        },
        {
          label: f('segment'),
          value: customer.segment && t(`customers.segments.${customer.segment}`, { defaultValue: customer.segment }),
        },
        { label: f('status'), value: <StatusTag vocabulary="customer" status={customer.status} /> },
        { label: f('status_reason'), value: customer.status_reason },
        { label: f('created_at'), value: <DateTime value={customer.created_at} style="long" /> },
      ]}
    />
  );
};

/** A customer's detail panel: Overview, and Transactions for those who may list transactions. */
export const CustomerDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const can = useCan();
  const { pathname } = useLocation();
  const { data: customer, isPending, error } = useCustomer(id, useOrganisationScope(pathname));
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={isPending && !error}
      notFound={Boolean(error)}
      title={customer ? customerName(customer) || customer.email_address || customer.id : t('customers.title')}
      tabs={
        customer
          ? [
              { key: 'overview', label: t('customers.tabs.overview'), children: <Overview customer={customer} /> },
              {
                key: 'transactions',
                label: t('customers.tabs.transactions'),
                hidden: !can(access.customer.transactions),
                children: <CustomerTransactionsTab customerId={customer.id} />,
              },
            ]
          : []
      }
    />
  );
};
