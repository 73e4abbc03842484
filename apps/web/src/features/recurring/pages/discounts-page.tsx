import { PlusOutlined } from '@ant-design/icons';
import { access } from '@kassa/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { discountsCountQueryOptions, discountsQueryOptions } from '../api/get-discounts.ts';
import type { DiscountRow } from '../api/types.ts';
import { DiscountDetail } from '../components/discount-detail.tsx';
import { DiscountForm } from '../components/discount-form.tsx';
import { DiscountFilters } from '../components/recurring-filters.tsx';
import { discountColumns } from '../discount-columns.tsx';
import { discountListParams } from '../search-params.ts';

/** `/subscriptions/discounts` (payments.md §2 "Subscription discounts list"). */
export const DiscountsPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const columns = useMemo(() => discountColumns(t), [t]);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ListScreen<DiscountRow>
        listId="subscription-discounts"
        title={t('recurring.discounts.title')}
        params={discountListParams}
        columns={columns}
        listQuery={discountsQueryOptions}
        countQuery={discountsCountQueryOptions}
        exportPath="subscription-discount/export"
        filters={(props) => <DiscountFilters {...props} />}
        searchByLabel={(field) => t(`fields:subscription_discount.${field}`)}
        renderDetail={(id, close) => <DiscountDetail id={id} onClose={close} />}
        actions={
          can(access.subscriptionDiscount.create) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('recurring.discounts.create')}
            </Button>
          )
        }
      />
      {creating && <DiscountForm onClose={() => setCreating(false)} />}
    </>
  );
};
