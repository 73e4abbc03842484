import { access } from '@kassa/domain';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DetailPanel } from '@/components/detail-panel.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useDeletePlan } from '../api/delete-plan.ts';
import { usePlan } from '../api/get-plans.ts';
import { useConfirmDelete } from './use-confirm-delete.tsx';
import { PlanFields } from './plan-fields.tsx';
import { PlanForm } from './plan-form.tsx';

/** A plan's panel: its fields, its subscriptions, edit and delete. */
export const PlanDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const can = useCan();
  const { data: plan, isPending, error } = usePlan(id, scope);
  const remove = useDeletePlan();
  const [editing, setEditing] = useState(false);
  const { confirmDelete: askToDelete, holders } = useConfirmDelete();

  const confirmDelete = () =>
    askToDelete({
      title: t('recurring.plans.delete'),
      content: t('recurring.plans.deleteConfirm', { name: plan?.name }),
      remove: async () => {
        await remove.mutateAsync(id);
        onClose();
      },
    });

  return (
    <>
      {holders}
      <DetailPanel
        open
        onClose={onClose}
        loading={isPending && !error}
        notFound={Boolean(error)}
        title={plan?.name ?? t('recurring.plans.title')}
        extra={
          plan && (
            <Space>
              {can(access.plan.update) && <Button onClick={() => setEditing(true)}>{t('recurring.edit')}</Button>}
              {can(access.plan.delete) && (
                <Button danger onClick={confirmDelete}>
                  {t('recurring.delete')}
                </Button>
              )}
            </Space>
          )
        }
        tabs={
          plan
            ? [
                {
                  key: 'details',
                  label: t('recurring.tabs.details'),
                  children: (
                    <Space orientation="vertical" style={{ width: '100%' }}>
                      <PlanFields plan={plan} />
                      <EntityLink to="subscriptions" filter={{ 'plan[]': plan.id }}>
                        {t('recurring.plans.subscriptions')}
                      </EntityLink>
                    </Space>
                  ),
                },
              ]
            : []
        }
      />
      {editing && plan && <PlanForm plan={plan} onClose={() => setEditing(false)} />}
    </>
  );
};
