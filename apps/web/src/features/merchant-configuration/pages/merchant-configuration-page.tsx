import { Result, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { merchantContextOf } from '@/lib/org-context.ts';
import { useMerchantConfiguration } from '../api/merchant-configuration.ts';
import { MerchantConfigurationForm } from '../components/merchant-configuration-form.tsx';

/** Provider → Merchant configuration (inside `psp/merchants/{id}`): limits, risk, settlement and payouts of this merchant. */
export const MerchantConfigurationPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const merchant = merchantContextOf(pathname)?.merchantId;
  const config = useMerchantConfiguration(merchant);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>
        {config.data
          ? t('merchantConfiguration.titleOf', { name: config.data.merchant_name })
          : t('merchantConfiguration.title')}
      </PageTitle>
      {!merchant && <Result status="info" title={t('merchantConfiguration.chooseMerchant')} />}
      {config.error && (
        <Result
          status={config.error instanceof ApiError && config.error.status === 404 ? '404' : 'error'}
          title={t(`errors.${config.error instanceof ApiError ? config.error.code : 'unknown'}`, {
            defaultValue: config.error.message,
          })}
        />
      )}
      {merchant && config.isPending && <Skeleton active />}
      {config.data && <MerchantConfigurationForm key={config.data.merchant} config={config.data} />}
    </Space>
  );
};
