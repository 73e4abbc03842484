import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubscriptionRow } from '../api/types.ts';
import { canCopyLink } from '../search-params.ts';

/** Copies the subscription link for the customer, offered only in CREATED, PAST_DUE and EXPIRED (payments.md §2). */
export const CopyLink = ({ sub }: { sub: Pick<SubscriptionRow, 'status' | 'subscription_url'> }) => {
  const { t } = useTranslation();
  if (!canCopyLink(sub.status)) return null;
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Typography.Text
        copyable={{ text: sub.subscription_url, tooltips: [t('recurring.subscriptions.copyLink'), t('detail.copied')] }}
      >
        {t('recurring.subscriptions.link')}
      </Typography.Text>
    </span>
  );
};
