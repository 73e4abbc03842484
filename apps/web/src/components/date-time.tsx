import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DateStyle } from '@/lib/format.ts';
import { useFormat } from '@/lib/use-format.ts';

/** A timestamp in the locale (Dutch `dd-MM-y HH:mm`), the full date on hover; no date reads '—'. */
export const DateTime = ({
  value,
  style = 'short',
  dateOnly = false,
}: {
  value: string | Date | null | undefined;
  style?: DateStyle;
  dateOnly?: boolean;
}) => {
  const format = useFormat();
  const { t } = useTranslation();
  if (!value) return <span aria-label={t('common.noValue')}>—</span>;
  return (
    <Tooltip title={`${format.date(value, 'full')} ${format.time(value)}`}>
      <time dateTime={new Date(value).toISOString()} style={{ whiteSpace: 'nowrap' }}>
        {dateOnly ? format.date(value, style) : format.dateTime(value, style)}
      </time>
    </Tooltip>
  );
};
