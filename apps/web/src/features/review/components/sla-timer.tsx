import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const MINUTE = 60_000;

/** Time left until a case's SLA (or how long it is overdue), to the minute; a decided case shows none. */
export const SlaTimer = ({ due, decided }: { due: string; decided: boolean }) => {
  const { t } = useTranslation();
  if (decided) return null;
  const left = Math.round((new Date(due).getTime() - Date.now()) / MINUTE);
  const span = (minutes: number) =>
    minutes >= 60
      ? t('review.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
      : t('review.minutes', { minutes });
  if (left < 0) return <Tag color="error">{t('review.overdue', { time: span(-left) })}</Tag>;
  return <Tag color={left < 60 ? 'warning' : 'default'}>{t('review.left', { time: span(left) })}</Tag>;
};
