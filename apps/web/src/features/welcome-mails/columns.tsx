import { MailOutlined } from '@ant-design/icons';
import { Button, Checkbox, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import type { WelcomeMailRow } from './api/types.ts';

type Handlers = {
  canEdit: boolean;
  onToggle: (row: WelcomeMailRow, flag: 'default' | 'psp_default') => void;
  onPreview: (row: WelcomeMailRow) => void;
};

// Clicks inside a cell control must not open the row's detail.
const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** The welcome-mail table (risk-config.md §2.11): name, the two default checkboxes, a preview button. */
export const welcomeMailColumns = (t: TFunction, handlers: Handlers): ListColumn<WelcomeMailRow>[] => [
  {
    key: 'name',
    title: t('fields:welcome_mail.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  ...(['psp_default', 'default'] as const)
    .filter(() => handlers.canEdit)
    .map((flag): ListColumn<WelcomeMailRow> => ({
      key: flag,
      title: t(`fields:welcome_mail.${flag}`),
      sortField: flag,
      exportFields: [flag],
      render: (row) => (
        <span onClick={stop} onKeyDown={stop} role="presentation">
          <Checkbox
            checked={row[flag]}
            aria-label={`${t(`fields:welcome_mail.${flag}`)}: ${row.name}`}
            onChange={() => handlers.onToggle(row, flag)}
          />
        </span>
      ),
    })),
  {
    key: 'preview',
    title: '',
    render: (row) => (
      <Button
        size="small"
        icon={<MailOutlined />}
        onClick={(event) => {
          event.stopPropagation();
          handlers.onPreview(row);
        }}
      >
        {t('welcomeMails.preview')}
      </Button>
    ),
  },
  {
    key: 'updated_at',
    title: t('fields:welcome_mail.updated_at'),
    sortField: 'updated_at',
    defaultHidden: true,
    exportFields: ['updated_at'],
    render: (row) => row.updated_at,
  },
];
