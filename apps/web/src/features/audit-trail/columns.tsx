import { ApiOutlined, EnterOutlined, GlobalOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { nameOf, type AuditRow } from './api/types.ts';
import { ResponseCode } from './components/response-code.tsx';

/** Who made the change: an API key, a signed-in user, a public page (no sign-in) or Kassa itself (a scheduled job). */
const AuthenticationIcon = ({ authentication, t }: { authentication: string; t: TFunction }) => {
  if (authentication === 'api') return <ApiOutlined aria-label={t('auditTrail.api')} />;
  if (authentication === 'system') return <RobotOutlined aria-label={t('auditTrail.system')} />;
  if (authentication === 'none') return <GlobalOutlined aria-label={t('auditTrail.none')} />;
  return <UserOutlined aria-label={t('auditTrail.jwt')} />;
};

/**
 * The tree column (risk-config §3 `parent`): an entry a request's handling wrote (`transaction_created`
 * under `POST /v1/transaction`) points to that request's entry, which it opens.
 */
const ParentLink = ({ parent, t }: { parent: string | null; t: TFunction }) =>
  parent ? (
    <a
      href={`?open=${encodeURIComponent(parent)}`}
      aria-label={t('auditTrail.openParent')}
      title={t('auditTrail.openParent')}
    >
      <EnterOutlined rotate={90} aria-hidden />
    </a>
  ) : null;

/** Audit trail columns (§2.7): the tree column, route, authentication, type, response code, origin, created_at. */
export const auditTrailColumns = (t: TFunction): ListColumn<AuditRow>[] => [
  {
    key: 'parent',
    title: t('auditTrail.fields.parent'),
    width: 140,
    exportFields: ['parent'],
    render: (row) => <ParentLink parent={row.parent} t={t} />,
  },
  // A scheduled job's step has no route: a dash, not an empty code box.
  {
    key: 'route',
    title: t('auditTrail.fields.route'),
    sortField: 'route',
    exportFields: ['route'],
    render: (row) => (row.route ? <Typography.Text code>{row.route}</Typography.Text> : '—'),
  },
  {
    key: 'authentication',
    title: t('auditTrail.fields.authentication'),
    exportFields: ['authentication', 'user_name'],
    render: (row) => (
      <Space>
        <AuthenticationIcon authentication={row.authentication} t={t} />
        {row.authentication === 'system' ? t('auditTrail.system') : row.user_name}
      </Space>
    ),
  },
  {
    key: 'type',
    title: t('auditTrail.fields.type'),
    sortField: 'type',
    exportFields: ['type'],
    render: (row) => row.type,
  },
  {
    key: 'response_code',
    title: t('auditTrail.fields.response_code'),
    sortField: 'response_code',
    exportFields: ['response_code'],
    render: (row) => <ResponseCode code={row.response_code} />,
  },
  { key: 'origin', title: t('auditTrail.fields.origin'), exportFields: ['origin'], render: (row) => row.origin },
  {
    key: 'created_at',
    title: t('auditTrail.fields.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'payment_profile',
    title: t('auditTrail.fields.payment_profile'),
    defaultHidden: true,
    exportFields: ['payment_profile', 'payment_profile.name'],
    render: (row) => nameOf(row.payment_profile),
  },
  {
    key: 'id',
    title: t('auditTrail.fields.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
