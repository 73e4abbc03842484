import {
  CHECKOUT_DEFAULTS,
  NUMBER_FORMATS,
  PAYMENT_PRODUCTS,
  ZCheckoutDesignCreate,
  ZCheckoutDesignUpdate,
  type TCheckoutDesignCreate,
} from '@kassa/domain';
import { Button, ColorPicker, Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { useEntityForm, type EntityForm } from '@/lib/use-entity-form.ts';
import { useSaveCheckoutDesign, type CheckoutDesignRow } from '../api/checkout-designs.ts';
import { ProductOrder } from './product-order.tsx';

const COLOURS = ['background_color', 'header_color', 'header_text_color', 'button_color', 'button_text_color'] as const;
export const NEW_DESIGN = { ...CHECKOUT_DEFAULTS, payment_product_order: [...PAYMENT_PRODUCTS] } as const;

/**
 * The save of a checkout design (the page holds it: its preview watches the form). The form starts
 * from the loaded row; only the schema's own fields are sent (it refuses the row's id and dates).
 */
export const useCheckoutDesignForm = (id: string | null, onSaved: (saved: CheckoutDesignRow) => void) => {
  const save = useSaveCheckoutDesign();
  const schema = id ? ZCheckoutDesignUpdate : ZCheckoutDesignCreate;
  const own = (values: TCheckoutDesignCreate) =>
    Object.fromEntries(
      Object.keys(schema.shape).flatMap((field) =>
        field in values ? [[field, values[field as keyof TCheckoutDesignCreate]]] : [],
      ),
    ) as TCheckoutDesignCreate;
  return useEntityForm({
    schema: schema as z.ZodType,
    toBody: own,
    // The form's own values are sent: the server parses them as the schema just did.
    save: (_, values) => save.mutateAsync({ id, body: own(values) }),
    onSaved,
  });
};

/** Every field of a checkout design (risk-config.md §3); the page shows the live preview beside it. */
export const CheckoutDesignForm = ({
  entity,
  design,
}: {
  entity: EntityForm<TCheckoutDesignCreate>;
  design: CheckoutDesignRow | null;
}) => {
  const { t } = useTranslation();
  return (
    <Form<TCheckoutDesignCreate>
      {...entity.formProps}
      requiredMark={false}
      disabled={entity.saving}
      initialValues={design ?? NEW_DESIGN}
    >
      <ServerErrorAlert message={entity.message} />
      <Form.Item label={t('fields:checkout_design.name')} name="name">
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
      <Form.Item label={t('fields:checkout_design.logo_url')} name="logo_url">
        <Input autoComplete="off" inputMode="url" />
      </Form.Item>
      <Form.Item label={t('fields:checkout_design.background_image_url')} name="background_image_url">
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
      <Button type="primary" htmlType="submit" loading={entity.saving} disabled={entity.saving}>
        {t('checkoutDesigns.save')}
      </Button>
    </Form>
  );
};
