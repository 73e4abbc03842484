import { CHECKOUT_DEFAULTS, NUMBER_FORMATS, PAYMENT_PRODUCTS, type TCheckoutDesignCreate } from '@kassa/domain';
import { Button, ColorPicker, Form, Input, Select, Space, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { useServerError } from '@/lib/use-server-error.ts';
import { useSaveCheckoutDesign, type CheckoutDesignRow } from '../api/checkout-designs.ts';
import { ProductOrder } from './product-order.tsx';

const COLOURS = ['background_color', 'header_color', 'header_text_color', 'button_color', 'button_text_color'] as const;
export const NEW_DESIGN = { ...CHECKOUT_DEFAULTS, payment_product_order: [...PAYMENT_PRODUCTS] } as const;

/** Every field of a checkout design (risk-config.md §3); the page shows the live preview beside it. */
export const CheckoutDesignForm = ({
  form,
  design,
  onSaved,
}: {
  form: FormInstance<TCheckoutDesignCreate>;
  design: CheckoutDesignRow | null;
  onSaved: (saved: CheckoutDesignRow) => void;
}) => {
  const { t } = useTranslation();
  const save = useSaveCheckoutDesign();
  const serverError = useServerError(form);
  const onFinish = (values: TCheckoutDesignCreate) =>
    save.mutate(
      { id: design?.id ?? null, body: values },
      {
        onSuccess: onSaved,
        onError: serverError.show,
      },
    );
  return (
    <Form<TCheckoutDesignCreate>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      disabled={save.isPending}
      initialValues={design ?? NEW_DESIGN}
    >
      <ServerErrorAlert message={serverError.message} />
      <Form.Item
        label={t('fields:checkout_design.name')}
        name="name"
        rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('fields:checkout_design.description')} name="description">
        <Input.TextArea rows={2} />
      </Form.Item>
      <Space wrap size="large">
        {COLOURS.map((name) => (
          <Form.Item
            key={name}
            label={t(`fields:checkout_design.${name}`)}
            name={name}
            getValueFromEvent={(colour: { toHexString: () => string }) => colour.toHexString()}
          >
            <ColorPicker showText disabledAlpha format="hex" aria-label={t(`fields:checkout_design.${name}`)} />
          </Form.Item>
        ))}
      </Space>
      <Form.Item
        label={t('fields:checkout_design.logo_url')}
        name="logo_url"
        rules={[{ type: 'url', message: t('checkoutDesigns.invalidUrl') }]}
      >
        <Input autoComplete="off" inputMode="url" />
      </Form.Item>
      <Form.Item
        label={t('fields:checkout_design.background_image_url')}
        name="background_image_url"
        rules={[{ type: 'url', message: t('checkoutDesigns.invalidUrl') }]}
      >
        <Input autoComplete="off" inputMode="url" />
      </Form.Item>
      <Form.Item
        label={t('fields:checkout_design.payment_product_order')}
        name="payment_product_order"
        extra={t('checkoutDesigns.orderHint')}
      >
        <ProductOrder />
      </Form.Item>
      <Form.Item label={t('fields:checkout_design.number_format')} name="number_format">
        <Select
          options={NUMBER_FORMATS.map((f) => ({
            value: f,
            label: `${f} (${new Intl.NumberFormat(f.replace('_', '-'), { minimumFractionDigits: 2 }).format(1249.5)})`,
          }))}
        />
      </Form.Item>
      <Form.Item
        label={t('fields:checkout_design.show_language_switch')}
        name="show_language_switch"
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item label={t('fields:checkout_design.css')} name="css" extra={t('checkoutDesigns.cssHint')}>
        <Input.TextArea rows={5} spellCheck={false} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('checkoutDesigns.save')}
      </Button>
    </Form>
  );
};
