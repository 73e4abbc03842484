import { ZCheckoutDesignRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { organisationEntity } from '../settings/settings.entities.ts';

export const checkoutDesignEntity = defineEntity(ZCheckoutDesignRow, {
  name: 'checkout_design',
  table: 'checkout_design',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    updated_at: { type: 'timestamp', sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    description: { type: 'text' },
    organisation: { type: 'id', column: 'e.organisation_id' },
    background_color: { type: 'text' },
    background_image_url: { type: 'text' },
    logo_url: { type: 'text' },
    header_color: { type: 'text' },
    header_text_color: { type: 'text' },
    button_color: { type: 'text' },
    button_text_color: { type: 'text' },
    show_language_switch: { type: 'bool', filter: true },
    payment_product_order: { type: 'text[]' },
    number_format: { type: 'text', filter: true },
    css: { type: 'text' },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
});
