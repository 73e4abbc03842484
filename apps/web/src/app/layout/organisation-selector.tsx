import { RollbackOutlined, ShopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useOrganisations, type OrganisationRow } from '@/features/organisations/api/get-organisations.ts';
import { access, hasAccess } from '@kassa/domain';
import { isProvider } from '@/lib/authorisation.ts';
import { merchantContextOf, selectOrganisation, useSelectedOrganisation } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { useClearable } from '@/lib/use-clearable.ts';

const storageKey = (userId: string) => `kassa.organisation.${userId}`;

const option = (org: OrganisationRow) => ({ value: org.id, label: org.name });

/**
 * Narrows every list to an organisation: a merchant user picks one of its sub-organisations; a
 * provider user picks a merchant (opening `psp/merchants/{id}`) and, inside it, a
 * sub-organisation (the `:suffix` of the URL).
 */
export const OrganisationSelector = () => {
  const clearable = useClearable();
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selected = useSelectedOrganisation();
  const provider = isProvider(me);
  const context = merchantContextOf(pathname);
  // Only users who may list organisations get a selector (the server would answer 403).
  const canList = Boolean(me && hasAccess(me.roles, access.organisation.list));

  const merchants = useOrganisations(
    { type: 'merchant', _limit: 500, _sort: 'name', organisation: me?.organisation.id },
    provider && canList,
  );
  const own = useOrganisations(
    { organisation: context?.merchantId ?? me?.organisation.id, _limit: 500, _sort: 'name' },
    canList && (!provider || Boolean(context)),
  );

  useEffect(() => {
    if (me && !provider) selectOrganisation(sessionStorage.getItem(storageKey(me.id)));
  }, [me, provider]);

  if (!me) return null;

  if (provider) {
    const rest = pathname.replace(/^\/psp\/merchants\/[^/]+/, '');
    const openMerchant = (segment: string | undefined) =>
      navigate(segment ? `/psp/merchants/${encodeURIComponent(segment)}${context ? rest : ''}` : '/psp');
    const subs = (own.data ?? []).filter((org) => org.id !== context?.merchantId);
    // The header names the merchant, never its raw id: an organisation opened by a link that is
    // not among the merchants (e.g. a sub-organisation) is named from its own list.
    const merchantOptions = (merchants.data ?? []).map(option);
    const current = (own.data ?? []).find((org) => org.id === context?.merchantId);
    if (current && !merchantOptions.some((o) => o.value === current.id)) merchantOptions.push(option(current));
    return (
      <Space>
        <Select
          aria-label={t('header.merchantContext')}
          placeholder={t('header.merchantContext')}
          suffixIcon={<ShopOutlined />}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear={clearable}
          value={context?.merchantId}
          onChange={(value: string | undefined) => openMerchant(value)}
          options={merchantOptions}
          labelRender={({ label }) => label ?? t('app.loading')}
          style={{ width: 200 }}
        />
        {context && subs.length > 0 && (
          <Select
            aria-label={t('header.organisation')}
            value={context.organisationId}
            onChange={(value: string) =>
              openMerchant(value === context.merchantId ? value : `${context.merchantId}:${value}`)
            }
            options={[{ value: context.merchantId, label: t('header.allOrganisations') }, ...subs.map(option)]}
            style={{ width: 170 }}
          />
        )}
        {context && (
          <Tooltip title={t('header.leaveMerchant')}>
            <Link to="/psp" aria-label={t('header.leaveMerchant')}>
              <Button type="text" icon={<RollbackOutlined />} tabIndex={-1} />
            </Link>
          </Tooltip>
        )}
      </Space>
    );
  }

  const subs = (own.data ?? []).filter((org) => org.id !== me.organisation.id);
  if (subs.length === 0) return null;
  const choose = (value: string) => {
    const id = value === me.organisation.id ? null : value;
    if (id) sessionStorage.setItem(storageKey(me.id), id);
    else sessionStorage.removeItem(storageKey(me.id));
    selectOrganisation(id);
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== 'auth' && query.queryKey[0] !== 'organisations',
    });
  };
  return (
    <Select
      aria-label={t('header.organisation')}
      value={selected ?? me.organisation.id}
      onChange={choose}
      suffixIcon={<ShopOutlined />}
      options={[
        { value: me.organisation.id, label: `${me.organisation.name} · ${t('header.allOrganisations')}` },
        ...subs.map(option),
      ]}
      style={{ width: 260 }}
    />
  );
};
