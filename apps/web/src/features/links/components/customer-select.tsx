import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useCustomerSearch } from '../api/search-customers.ts';
import { customerLabel } from '../api/types.ts';
import { useClearable } from '@/lib/use-clearable.ts';

const DEBOUNCE_MS = 200;

/** Picks a customer by e-mail, last name or id, searching as the user types. */
export const CustomerSelect = ({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  id?: string;
}) => {
  const clearable = useClearable();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(draft.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  const { data = [], isFetching } = useCustomerSearch(term, useOrganisationScope(pathname));
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      allowClear={clearable}
      showSearch={{ filterOption: false, onSearch: setDraft }}
      loading={isFetching}
      placeholder={t('links.customerPlaceholder')}
      notFoundContent={term ? t('links.noCustomers') : t('links.typeToSearch')}
      options={data.map((customer) => ({
        value: customer.id,
        label: [customerLabel(customer), customer.email_address]
          .filter(Boolean)
          .filter((part, index, all) => all.indexOf(part) === index)
          .join(' · '),
      }))}
    />
  );
};
