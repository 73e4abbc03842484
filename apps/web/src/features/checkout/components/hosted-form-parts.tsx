import type { TCheckoutPage } from '@kassa/domain';
import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The card number field of the hosted pages (payment link, card-add link). */
export const CardNumberItem = () => {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="card_number"
      label={t('checkout.pay.cardNumber')}
      rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}
    >
      <Input autoComplete="cc-number" inputMode="numeric" maxLength={23} autoFocus />
    </Form.Item>
  );
};

/** The submit button of a hosted page, in the colours of the merchant's checkout design. */
export const DesignedSubmit = ({
  design,
  loading,
  children,
}: {
  design: TCheckoutPage['design'];
  loading: boolean;
  children: ReactNode;
}) => (
  <Button
    type="primary"
    htmlType="submit"
    block
    size="large"
    loading={loading}
    style={{ background: design.button_color, borderColor: design.button_color, color: design.button_text_color }}
  >
    {children}
  </Button>
);
