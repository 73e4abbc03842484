import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { DateTime } from '@/components/date-time.tsx';
import type { TagRow } from './api/types.ts';
import { ColourTag } from '@/components/colour-tag.tsx';

/** Tags list columns: the tag as it shows on transactions, its colour, created, id. */
export const tagColumns = (t: TFunction): ListColumn<TagRow>[] => [
  {
    key: 'text',
    title: t('tags.fields.text'),
    sortField: 'text',
    exportFields: ['text'],
    render: (row) => <ColourTag colour={row.colour}>{row.text}</ColourTag>,
  },
  {
    key: 'colour',
    title: t('tags.fields.colour'),
    exportFields: ['colour'],
    render: (row) => <Typography.Text code>{row.colour}</Typography.Text>,
  },
  {
    key: 'created_at',
    title: t('tags.fields.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'id',
    title: t('tags.fields.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
