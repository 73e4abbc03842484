import { Card, List, Tag, Typography } from 'antd';
import { friendlyFormatIBAN } from 'ibantools';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money.tsx';
import { populated } from '@/lib/entity-api.ts';
import { useMe } from '@/lib/session.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useBankPayouts, usePayouts } from '../api/get-payouts.ts';

/** The merchant's revenue card: the latest payouts to its bank account (or, for a merchant that does not collect through Kassa, its settlements). */
export const PayoutCard = ({ scope }: { scope: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: me } = useMe();
  const collecting = Boolean(me?.features?.includes('collecting'));
  const settlements = usePayouts(scope, Boolean(me) && !collecting);
  const payouts = useBankPayouts(scope, collecting);
  return (
    <Card title={t('dashboard.payouts')}>
      {collecting ? (
        <List
          loading={payouts.isLoading}
          dataSource={payouts.data ?? []}
          locale={{ emptyText: t('dashboard.noPayouts') }}
          renderItem={(payout) => {
            const account = populated(payout.bank_account);
            return (
              <List.Item
                extra={
                  <Typography.Text strong data-testid="payout-amount">
                    <Money amount={payout.amount} currency={payout.currency_code} />
                  </Typography.Text>
                }
              >
                <List.Item.Meta
                  title={
                    <>
                      {format.date(payout.pay_date, 'long')}{' '}
                      <Tag color={payout.status === 'PAID' ? 'success' : 'processing'}>
                        {t(`finance.payoutStatuses.${payout.status}`)}
                      </Tag>
                    </>
                  }
                  description={account ? friendlyFormatIBAN(account.iban) : ''}
                />
              </List.Item>
            );
          }}
        />
      ) : (
        <List
          loading={settlements.isLoading}
          dataSource={settlements.data ?? []}
          locale={{ emptyText: t('dashboard.noPayouts') }}
          renderItem={(payout) => {
            const profile = populated(payout.payment_profile);
            return (
              <List.Item
                extra={
                  <Typography.Text strong>
                    <Money amount={payout.amount} currency={payout.currency_code} />
                  </Typography.Text>
                }
              >
                <List.Item.Meta
                  title={format.date(payout.created_at, 'long')}
                  description={profile?.display_name ?? profile?.name ?? ''}
                />
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
};
