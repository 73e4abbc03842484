import { access } from '@kassa/domain';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useDecideReviews } from '../api/decide-reviews.ts';
import { useReviewDashboard } from '../api/get-review-dashboard.ts';
import { reviewsCountQueryOptions } from '../api/get-reviews-count.ts';
import { reviewsQueryOptions } from '../api/get-reviews.ts';
import { populated, type ReviewOutcome, type ReviewRow, type ReviewTransaction } from '../api/types.ts';
import { reviewColumns } from '../columns.tsx';
import { DeclineDialog } from '../components/decline-dialog.tsx';
import { ReviewDashboard } from '../components/review-dashboard.tsx';
import { ReviewDetail } from '../components/review-detail.tsx';
import { ReviewFilters } from '../components/review-filters.tsx';
import { reviewListParams } from '../search-params.ts';

/** `/review` and `/psp/review`: payments held by a review ruleset, approved or declined one by one or in bulk (issue 36). */
export const ReviewPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const columns = useMemo(() => reviewColumns(t), [t]);
  const can = useCan();
  const decide = useDecideReviews();
  const [selected, setSelected] = useState<string[]>([]);
  const [declining, setDeclining] = useState(false);
  const scope = useOrganisationScope(useLocation().pathname);
  const dashboard = useReviewDashboard(scope);
  // The role, and the provider's switch: where the provider reviews for the merchant, its users only look.
  const mayDecide = can(access.review.decide) && dashboard.data?.may_decide === true;
  const done = (outcome: ReviewOutcome) => {
    const decided = outcome.results.filter((r) => r.outcome === 'approved' || r.outcome === 'declined').length;
    void message.success(t('review.decided', { count: decided }));
    setSelected([]);
    setDeclining(false);
  };
  return (
    <>
      <ListScreen<ReviewRow>
        listId="review"
        title={t('review.title')}
        params={reviewListParams}
        columns={columns}
        listQuery={reviewsQueryOptions}
        countQuery={reviewsCountQueryOptions}
        exportPath="review/export"
        filters={(props) => <ReviewFilters {...props} />}
        searchByLabel={(field) => t(`fields:review.${field}`)}
        intro={<ReviewDashboard data={dashboard.data} />}
        renderDetail={(id, close) => <ReviewDetail id={id} onClose={close} />}
        selection={
          mayDecide
            ? {
                keys: selected,
                onChange: setSelected,
                disabled: (row) => row.status !== 'PENDING',
                label: (row) =>
                  t('review.select', {
                    reference: populated<ReviewTransaction>(row.transaction)?.merchant_reference ?? row.id,
                  }),
              }
            : undefined
        }
        actions={
          mayDecide && (
            <>
              <Button
                disabled={selected.length === 0}
                onClick={() =>
                  decide.mutate(
                    { kind: 'assign', body: { ids: selected, assignee: 'me' } },
                    { onSuccess: () => setSelected([]) },
                  )
                }
              >
                {t('review.assignToMe')}
              </Button>
              <Button danger disabled={selected.length === 0} onClick={() => setDeclining(true)}>
                {t('review.declineSelected', { count: selected.length })}
              </Button>
              <Button
                type="primary"
                disabled={selected.length === 0}
                loading={decide.isPending}
                onClick={() => decide.mutate({ kind: 'approve', body: { ids: selected } }, { onSuccess: done })}
              >
                {t('review.approveSelected', { count: selected.length })}
              </Button>
            </>
          )
        }
      />
      {declining && (
        <DeclineDialog
          count={selected.length}
          saving={decide.isPending}
          failed={decide.isError}
          onClose={() => setDeclining(false)}
          onDecline={(reason) =>
            decide.mutate({ kind: 'decline', body: { ids: selected, reason } }, { onSuccess: done })
          }
        />
      )}
    </>
  );
};
