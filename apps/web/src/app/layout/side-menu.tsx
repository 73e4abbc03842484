import { visibleNavigation, type NavGroup, type NavItem } from '@kassa/domain';
import { Badge, Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useNavContext } from '@/lib/authorisation.ts';
import { useDecidableCount } from '@/lib/change-requests.ts';
import { merchantContextOf } from '@/lib/org-context.ts';
import { groupIcons } from './nav-icons.tsx';
import styles from './app-layout.module.css';

/** The prefix of merchant pages: the provider's merchant context keeps its segment (with suffix). */
const merchantPrefix = (pathname: string) => {
  const match = /^\/psp\/merchants\/[^/]+/.exec(pathname);
  return match && merchantContextOf(pathname) ? match[0] : '';
};

export const hrefOf = (item: NavItem, pathname: string) =>
  item.area === 'merchant' && !item.external ? `${merchantPrefix(pathname)}${item.route}` : item.route;

/** The side navigation, built from the domain's menu table and filtered by roles and flags. */
export const SideMenu = ({ collapsed }: { collapsed: boolean }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const context = useNavContext();
  const visible = useMemo(() => (context ? visibleNavigation(context) : []), [context]);

  // Requests of others this user may decide: a badge on Changes and on its group (issue 35).
  const changesGroup = visible.find((item) => item.id === 'changes')?.group;
  const decidable = useDecidableCount(Boolean(changesGroup)).data?.count ?? 0;
  const badge = (count: number) =>
    count > 0 ? (
      <Badge count={count} size="small" style={{ marginInlineStart: 8 }} title={t('changes.badge', { count })} />
    ) : null;

  const groups = new Map<NavGroup, NavItem[]>();
  for (const item of visible) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);

  // The longest menu route that prefixes the current path is the selected item.
  const selected = visible
    .filter(
      (item) =>
        !item.external && (pathname === hrefOf(item, pathname) || pathname.startsWith(`${hrefOf(item, pathname)}/`)),
    )
    .sort((a, b) => b.route.length - a.route.length)[0];

  const items: MenuProps['items'] = [
    {
      key: 'dashboard',
      icon: groupIcons.dashboard,
      label: (
        <Link to={merchantPrefix(pathname) || (context?.area === 'provider' ? '/psp' : '/')}>
          {t('header.dashboard')}
        </Link>
      ),
    },
    ...[...groups.entries()].map(([group, groupItems]) => ({
      key: `group:${group}`,
      icon: groupIcons[group],
      label: (
        <>
          {t(`nav.groups.${group}`)}
          {group === changesGroup && badge(decidable)}
        </>
      ),
      children: groupItems.map((item) => ({
        key: item.id,
        title: t(item.description),
        label: item.external ? (
          <a href={item.route} target="_blank" rel="noreferrer">
            {t(item.label)}
          </a>
        ) : (
          <Link to={hrefOf(item, pathname)} title={t(item.description)}>
            {t(item.label)}
            {item.id === 'changes' && badge(decidable)}
          </Link>
        ),
      })),
    })),
  ];

  return (
    <nav aria-label={t('header.openMenu')}>
      <div className={styles.brand}>
        <img src="/assets/logo.svg" alt="" width={28} height={28} />
        {!collapsed && <span>{t('app.name')}</span>}
      </div>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected.id] : pathname === '/' || pathname === '/psp' ? ['dashboard'] : []}
        defaultOpenKeys={selected ? [`group:${selected.group}`] : [`group:${visible[0]?.group}`]}
        forceSubMenuRender
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
};
