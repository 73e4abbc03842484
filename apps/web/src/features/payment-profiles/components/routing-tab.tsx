import type { PaymentProduct } from '@kassa/domain';
import { Alert, Button, Form, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProcessorOption, RoutingOption } from '../api/profile-options.ts';

/**
 * The intelligent-routing toggle (risk-config.md §4) and, when on, a routing per payment product of
 * the profile's processors. A routing using processors the profile lacks offers to add them.
 */
export const RoutingTab = ({
  processors,
  routings,
  disabled,
}: {
  processors: ProcessorOption[];
  routings: RoutingOption[];
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const on = Form.useWatch('intelligent_routing', form) as boolean | undefined;
  const assigned = (Form.useWatch('processors', form) as string[] | undefined) ?? [];
  const routing = (Form.useWatch('routing', form) as Record<string, string | null> | undefined) ?? {};
  const products = [
    ...new Set(
      processors
        .filter((p) => assigned.includes(p.id))
        .map((p) => p.payment_product)
        .filter((p): p is string => Boolean(p)),
    ),
  ];
  const missing = Object.values(routing)
    .flatMap((id) => routings.find((r) => r.id === id)?.processors ?? [])
    .filter((id) => !assigned.includes(id));
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
      <Form.Item
        label={t('fields:payment_profile.intelligent_routing')}
        name="intelligent_routing"
        valuePropName="checked"
        extra={t('paymentProfiles.routingHint')}
      >
        <Switch disabled={disabled} />
      </Form.Item>
      {missing.length > 0 && on && (
        <Alert
          type="error"
          showIcon
          title={t('paymentProfiles.notActivated')}
          action={
            !disabled && (
              <Button
                size="small"
                onClick={() => form.setFieldValue('processors', [...new Set([...assigned, ...missing])])}
              >
                {t('paymentProfiles.add')}
              </Button>
            )
          }
        />
      )}
      {products.map((product) => (
        <Form.Item
          key={product}
          label={t(`paymentProducts.${product}`, { defaultValue: product })}
          name={['routing', product]}
          initialValue=""
        >
          <Select
            disabled={disabled || !on}
            options={[
              { value: '', label: t('paymentProfiles.noRouting') },
              ...routings
                .filter((r) => r.payment_product === (product as PaymentProduct))
                .map((r) => ({ value: r.id, label: r.name })),
            ]}
          />
        </Form.Item>
      ))}
      {products.length === 0 && (
        <Typography.Text type="secondary">{t('paymentProfiles.routingNeedsProcessors')}</Typography.Text>
      )}
      <Link to="../intelligent-routing" relative="path">
        {t('paymentProfiles.routingScreens')}
      </Link>
    </Space>
  );
};
