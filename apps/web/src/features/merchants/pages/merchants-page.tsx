import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { merchantsCountQueryOptions, merchantsQueryOptions, type MerchantRow } from '../api/get-merchants.ts';
import { merchantColumns, merchantListParams } from '../columns.tsx';

/** A clicked row goes into the merchant's own `psp/merchants/{id}` context. */
const OpenMerchant = ({ id }: { id: string }) => {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/psp/merchants/${encodeURIComponent(id)}`);
  }, [id, navigate]);
  return null;
};

/** `/psp/merchants` (portal.md §2.3): sorted by revenue, active ones first shown; a row opens the merchant. */
export const MerchantsPage = () => {
  const { t } = useTranslation();
  const columns = useMemo(() => merchantColumns(t), [t]);
  return (
    <ListScreen<MerchantRow>
      listId="pspMerchants"
      title={t('merchants.title')}
      params={merchantListParams}
      columns={columns}
      listQuery={merchantsQueryOptions}
      countQuery={merchantsCountQueryOptions}
      exportPath="psp/merchant/export"
      searchByLabel={(field) => t(`fields:merchant.${field}`)}
      filters={(props) => (
        <SelectFilter
          {...props}
          field="active"
          single
          label={t('fields:merchant.active')}
          options={[
            { value: 'true', label: t('merchants.active') },
            { value: 'false', label: t('merchants.inactive') },
          ]}
          width={160}
        />
      )}
      renderDetail={(id) => <OpenMerchant id={id} />}
    />
  );
};
