import { access } from '@kassa/domain';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { Money } from '@/components/money.tsx';
import { TransactionSummary } from '@/components/payments/transaction-summary.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { useReviewDashboard } from '../api/get-review-dashboard.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useDecideReviews } from '../api/decide-reviews.ts';
import { useReview } from '../api/get-review.ts';
import { useReviewContext } from '../api/get-review-context.ts';
import { populated, type ReviewRow, type ReviewTransaction } from '../api/types.ts';
import { Countries } from '../columns.tsx';
import { DeclineDialog } from './decline-dialog.tsx';
import { MatchedRules } from './matched-rules.tsx';
import { SlaTimer } from './sla-timer.tsx';

const Details = ({ row }: { row: ReviewRow }) => {
  const { t } = useTranslation();
  const f = (field: string) => t(`fields:review.${field}`);
  return (
    <DetailFields
      fields={[
        { label: f('id'), value: <CopyableId value={row.id} /> },
        { label: f('status'), value: <StatusTag vocabulary="review" status={row.status} /> },
        { label: f('amount'), value: <Money amount={row.amount} currency={row.currency_code} /> },
        { label: f('rules'), value: <MatchedRules rules={row.rules} detailed /> },
        { label: f('countries'), value: <Countries row={row} /> },
        { label: f('created_at'), value: <DateTime value={row.created_at} style="long" /> },
        {
          label: f('sla_due_at'),
          value: (
            <Space>
              <DateTime value={row.sla_due_at} style="long" />
              <SlaTimer due={row.sla_due_at} decided={row.status !== 'PENDING'} />
            </Space>
          ),
        },
        { label: f('expires_at'), value: <DateTime value={row.expires_at} style="long" /> },
        { label: f('assigned_to'), value: row.assigned_to_name ?? t('review.unassigned') },
        { label: f('decided_by'), value: row.decided_via === 'policy' ? t('review.byPolicy') : row.decided_by_name },
        { label: f('decided_at'), value: row.decided_at && <DateTime value={row.decided_at} style="long" /> },
        { label: f('decline_reason'), value: row.decline_reason },
      ]}
    />
  );
};

const Customer = ({ row, scope }: { row: ReviewRow; scope: string }) => {
  const { t } = useTranslation();
  const { data } = useReviewContext(row.id, scope);
  const f = (field: string) => t(`fields:review.${field}`);
  if (!data) return null;
  const unusual = data.usual_amount !== null && row.amount > data.usual_amount * 3;
  return (
    <DetailFields
      fields={[
        {
          label: f('segment'),
          value: data.segment ? t(`customers.segments.${data.segment}`, { defaultValue: data.segment }) : '–',
        },
        { label: f('previous_payments'), value: data.previous_payments },
        { label: f('previous_successful'), value: data.previous_successful },
        { label: f('chargebacks'), value: data.chargebacks },
        {
          label: f('usual_amount'),
          value:
            data.usual_amount === null ? (
              t('review.noHistory')
            ) : (
              <Space>
                <Money amount={data.usual_amount} currency={row.currency_code} />
                {unusual && t('review.unusualAmount')}
              </Space>
            ),
        },
        { label: f('country_mismatch'), value: data.country_mismatch ? t('review.yes') : t('review.no') },
      ]}
    />
  );
};

/** A held payment's panel: the case, the customer's history, the transaction; approve, decline or take it. */
export const ReviewDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const { data: row, isPending, error } = useReview(id, scope);
  const decide = useDecideReviews();
  const can = useCan();
  const [declining, setDeclining] = useState(false);
  const tx = row ? populated<ReviewTransaction>(row.transaction) : null;
  const dashboard = useReviewDashboard(scope);
  const open = row?.status === 'PENDING' && can(access.review.decide) && dashboard.data?.may_decide === true;
  return (
    <>
      <DetailPanel
        open
        onClose={onClose}
        loading={isPending && !error}
        notFound={Boolean(error)}
        title={t('review.detailTitle', { reference: tx?.merchant_reference ?? id })}
        extra={
          open && (
            <Space>
              <Button onClick={() => decide.mutate({ kind: 'assign', body: { ids: [id], assignee: 'me' } })}>
                {t('review.assignToMe')}
              </Button>
              <Button danger onClick={() => setDeclining(true)}>
                {t('review.decline')}
              </Button>
              <Button
                type="primary"
                loading={decide.isPending}
                onClick={() => decide.mutate({ kind: 'approve', body: { ids: [id] } })}
              >
                {t('review.approve')}
              </Button>
            </Space>
          )
        }
        tabs={
          row
            ? [
                { key: 'details', label: t('review.tabs.details'), children: <Details row={row} /> },
                { key: 'customer', label: t('review.tabs.customer'), children: <Customer row={row} scope={scope} /> },
                { key: 'transaction', label: t('review.tabs.transaction'), children: <TransactionSummary tx={tx} /> },
              ]
            : []
        }
      />
      {declining && (
        <DeclineDialog
          count={1}
          saving={decide.isPending}
          failed={decide.isError}
          onClose={() => setDeclining(false)}
          onDecline={(reason) =>
            decide.mutate({ kind: 'decline', body: { ids: [id], reason } }, { onSuccess: () => setDeclining(false) })
          }
        />
      )}
    </>
  );
};
