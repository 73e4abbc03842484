import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { customersCountQueryOptions } from '../api/get-customers-count.ts';
import { customersQueryOptions } from '../api/get-customers.ts';
import type { CustomerRow } from '../api/types.ts';
import { customerColumns } from '../columns.tsx';
import { CustomerDetail } from '../components/customer-detail.tsx';
import { CustomerFilters } from '../components/customer-filters.tsx';
import { customerListParams } from '../search-params.ts';

/** `/customers` (payments.md §2 "Customers list"). */
export const CustomersPage = () => {
  const { t } = useTranslation();
  const columns = useMemo(() => customerColumns(t), [t]);
  return (
    <ListScreen<CustomerRow>
      listId="customers"
      title={t('customers.title')}
      params={customerListParams}
      columns={columns}
      listQuery={customersQueryOptions}
      countQuery={customersCountQueryOptions}
      exportPath="customer/export"
      filters={(props) => <CustomerFilters {...props} />}
      searchByLabel={(field) => t(`fields:customer.${field}`)}
      renderDetail={(id, close) => <CustomerDetail id={id} onClose={close} />}
    />
  );
};
