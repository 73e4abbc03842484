import { WEBHOOK_TYPES } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/filters/date-range-filter.tsx';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { TextFilter } from '@/components/filters/text-filter.tsx';
import { WEBHOOK_STATUSES } from '../search-params.ts';

/** Filters of portal.md §2.5: created, type, item id, status (searchable), delivered on, manual. */
export const WebhookFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  return (
    <>
      <DateRangeFilter {...props} field="created_at" />
      <SelectFilter
        {...props}
        field="type[]"
        label={t('fields:webhook.type')}
        options={WEBHOOK_TYPES.map((type) => ({ value: type, label: t(`webhooks.types.${type}`) }))}
      />
      <TextFilter {...props} field="item_id" label={t('fields:webhook.item_id')} />
      <SelectFilter
        {...props}
        field="status[]"
        label={t('fields:webhook.status')}
        options={WEBHOOK_STATUSES.map((status) => ({ value: status, label: status }))}
        width={220}
      />
      <DateRangeFilter {...props} field="delivered_on" label={t('fields:webhook.delivered_on')} />
      <SelectFilter
        {...props}
        field="manual"
        single
        label={t('fields:webhook.manual')}
        options={[
          { value: 'true', label: t('webhooks.yes') },
          { value: 'false', label: t('webhooks.no') },
        ]}
        width={140}
      />
    </>
  );
};
