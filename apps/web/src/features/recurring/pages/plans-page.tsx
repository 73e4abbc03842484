import { PlusOutlined } from '@ant-design/icons';
import { access } from '@kassa/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { plansCountQueryOptions, plansQueryOptions } from '../api/get-plans.ts';
import type { PlanRow } from '../api/types.ts';
import { PlanDetail } from '../components/plan-detail.tsx';
import { PlanForm } from '../components/plan-form.tsx';
import { PlanFilters } from '../components/recurring-filters.tsx';
import { planColumns } from '../plan-columns.tsx';
import { planListParams } from '../search-params.ts';

/** `/subscriptions/plans` (payments.md §2 "Plans list"). */
export const PlansPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const columns = useMemo(() => planColumns(t), [t]);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ListScreen<PlanRow>
        listId="plans"
        title={t('recurring.plans.title')}
        params={planListParams}
        columns={columns}
        listQuery={plansQueryOptions}
        countQuery={plansCountQueryOptions}
        exportPath="plan/export"
        filters={(props) => <PlanFilters {...props} />}
        searchByLabel={(field) => t(`fields:plan.${field}`)}
        renderDetail={(id, close) => <PlanDetail id={id} onClose={close} />}
        actions={
          can(access.plan.create) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('recurring.plans.create')}
            </Button>
          )
        }
      />
      {creating && <PlanForm onClose={() => setCreating(false)} />}
    </>
  );
};
