import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportRow } from '../api/imports.ts';

const COLOURS = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

export const ImportStatus = ({ row }: { row: ImportRow }) => {
  const { t } = useTranslation();
  return <Tag color={COLOURS[row.status]}>{t(`imports.status.${row.status}`)}</Tag>;
};
