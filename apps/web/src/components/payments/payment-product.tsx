import { BankOutlined, CreditCardOutlined, MobileOutlined, WalletOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const icons: Record<string, ReactNode> = {
  card: <CreditCardOutlined />,
  ideal: <BankOutlined />,
  bancontact: <CreditCardOutlined />,
  sepa: <BankOutlined />,
  paypal: <WalletOutlined />,
  applepay: <MobileOutlined />,
};

/** The payment product with a small icon; cards show the brand and last four digits. */
export const PaymentProduct = ({
  product,
  brand,
  last4,
}: {
  product: string;
  brand?: string | null;
  last4?: string | null;
}) => {
  const { t } = useTranslation();
  const label =
    product === 'card' && brand
      ? t(`cardBrands.${brand}`, { defaultValue: brand })
      : t(`paymentProducts.${product}`, { defaultValue: product });
  return (
    <Space size={6} style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden>{icons[product] ?? <WalletOutlined />}</span>
      <span>{label}</span>
      {last4 && <Typography.Text type="secondary">•••• {last4}</Typography.Text>}
    </Space>
  );
};
