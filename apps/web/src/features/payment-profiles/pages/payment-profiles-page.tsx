import { PlusOutlined } from '@ant-design/icons';
import { access, hasAccess } from '@kassa/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { useMe } from '@/lib/session.ts';
import {
  paymentProfilesCountQueryOptions,
  paymentProfilesQueryOptions,
  type PaymentProfileRow,
} from '../api/payment-profiles.ts';
import { paymentProfileColumns, paymentProfileListParams } from '../columns.tsx';
import { PaymentProfileDrawer } from '../components/payment-profile-drawer.tsx';

/** Settings → Payment profiles (risk-config.md §2.9). */
export const PaymentProfilesPage = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => paymentProfileColumns(t), [t]);
  const canCreate = hasAccess(me?.roles ?? [], access.paymentProfile.create);
  return (
    <>
      <ListScreen<PaymentProfileRow>
        listId="paymentProfiles"
        title={t('paymentProfiles.title')}
        params={paymentProfileListParams}
        columns={columns}
        listQuery={paymentProfilesQueryOptions}
        countQuery={paymentProfilesCountQueryOptions}
        exportPath="paymentprofile/export"
        searchByLabel={(field) => t(`fields:payment_profile.${field}`)}
        renderDetail={(id, close) => <PaymentProfileDrawer id={id} onClose={close} />}
        actions={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('paymentProfiles.create')}
            </Button>
          )
        }
      />
      {creating && <PaymentProfileDrawer id={null} onClose={() => setCreating(false)} />}
    </>
  );
};
