import { BankOutlined, CreditCardOutlined, MobileOutlined, WalletOutlined } from '@ant-design/icons';
import { Space } from 'antd';
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

const colours: Record<string, string> = { card: '#1f4e79', ideal: '#cc0066', bancontact: '#005498', sepa: '#2f6f3e', paypal: '#003087', applepay: '#111' };

/** The payment product with a small icon; cards show the brand and last four digits. */
export const PaymentProduct = ({ product, brand, last4 }: { product: string; brand?: string | null; last4?: string | null }) => {
  const { t } = useTranslation();
  const label = product === 'card' && brand ? t(`cardBrands.${brand}`, { defaultValue: brand }) : t(`paymentProducts.${product}`, { defaultValue: product });
  return (
    <Space size={6} style={{ whiteSpace: 'nowrap' }}>
      <span style={{ color: colours[product] ?? '#555' }} aria-hidden>{icons[product] ?? <WalletOutlined />}</span>
      <span>{label}</span>
      {last4 && <span style={{ color: '#8c8c8c' }}>•••• {last4}</span>}
    </Space>
  );
};
