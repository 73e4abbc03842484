import { appRoutes, flagsAllow, hasAccess } from '@kassa/domain';
import { Result, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfig } from '@/lib/app-config.ts';
import { useNavContext } from '@/lib/authorisation.ts';
import { useMe } from '@/lib/session.ts';
import { PageTitle } from '@/components/page-title.tsx';

/** Development only: every route with its roles and whether the signed-in user may open it. */
export const RouteTesterPage = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const context = useNavContext();
  const { data: config } = useAppConfig();
  if (!config) return null;
  if (!config.development) return <Result status="warning" title={t('dev.onlyDevelopment')} />;
  if (!me || !context) return null;
  const rows = appRoutes.map((route) => ({
    ...route,
    key: `${route.area}:${route.id}`,
    allowed:
      flagsAllow(route, { ...context, area: route.area === 'any' ? context.area : route.area }) &&
      hasAccess(me.roles, route.roles),
  }));
  return (
    <>
      <PageTitle>{t('dev.title')}</PageTitle>
      <Typography.Paragraph type="secondary">{t('dev.intro')}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('dev.route'),
            dataIndex: 'route',
            render: (route: string, row) =>
              row.allowed && !route.includes(':') ? <Link to={route}>{route}</Link> : route,
          },
          {
            title: t('dev.roles'),
            dataIndex: 'roles',
            render: (roles: string[]) =>
              roles.length ? roles.map((role) => <Tag key={role}>{role}</Tag>) : t('dev.signedIn'),
          },
          {
            title: t('dev.flags'),
            key: 'flags',
            render: (_, row) =>
              [
                row.providerOnly && 'providerOnly',
                row.merchantOnly && 'merchantOnly',
                row.superUserOnly && 'superUserOnly',
                row.module,
              ]
                .filter(Boolean)
                .map((flag) => <Tag key={String(flag)}>{flag}</Tag>),
          },
          {
            title: t('dev.allowed'),
            dataIndex: 'allowed',
            render: (allowed: boolean) => (
              <Tag color={allowed ? 'green' : 'red'}>{allowed ? t('dev.yes') : t('dev.no')}</Tag>
            ),
          },
        ]}
      />
    </>
  );
};
