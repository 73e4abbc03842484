import { access, hasAccess } from '@kassa/domain';
import { message, Popconfirm, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/lib/session.ts';
import type { MerchantRow } from '../api/get-merchants.ts';
import { useSetMerchantActive } from '../api/set-merchant-active.ts';

/** The active toggle of a merchant row: asks first, then activates or deactivates. */
export const MerchantActiveSwitch = ({ merchant }: { merchant: MerchantRow }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const toggle = useSetMerchantActive();
  const canToggle = hasAccess(me?.roles ?? [], access.merchant.activate);
  const label = t(merchant.active ? 'merchants.deactivateOf' : 'merchants.activateOf', { name: merchant.name });
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Popconfirm
        title={t(merchant.active ? 'merchants.confirmDeactivate' : 'merchants.confirmActivate', {
          name: merchant.name,
        })}
        okText={t(merchant.active ? 'merchants.deactivate' : 'merchants.activate')}
        cancelText={t('merchants.cancel')}
        disabled={!canToggle}
        onConfirm={() =>
          toggle.mutateAsync({ id: merchant.id, active: !merchant.active }).then(
            (next) =>
              message.success(
                t(next.active ? 'merchants.activated' : 'merchants.deactivated', { name: merchant.name }),
              ),
            () => message.error(t('merchants.toggleFailed')),
          )
        }
      >
        <Switch
          checked={merchant.active}
          loading={toggle.isPending}
          disabled={!canToggle}
          aria-label={label}
          checkedChildren={t('merchants.active')}
          unCheckedChildren={t('merchants.inactive')}
        />
      </Popconfirm>
    </span>
  );
};
