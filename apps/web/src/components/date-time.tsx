import { Tooltip } from 'antd';
import type { DateStyle } from '../lib/format.ts';
import { useFormat } from '../lib/use-format.ts';

/** A timestamp in the locale (Dutch `dd-MM-y HH:mm`), the full date on hover. */
export const DateTime = ({ value, style = 'short', dateOnly = false }: { value: string | Date | null | undefined; style?: DateStyle; dateOnly?: boolean }) => {
  const format = useFormat();
  if (!value) return null;
  return (
    <Tooltip title={`${format.date(value, 'full')} ${format.time(value)}`}>
      <time dateTime={new Date(value).toISOString()} style={{ whiteSpace: 'nowrap' }}>
        {dateOnly ? format.date(value, style) : format.dateTime(value, style)}
      </time>
    </Tooltip>
  );
};
