import type { FastifyInstance } from 'fastify';
import { access, ZCheckoutDesignCreate, ZCheckoutDesignUpdate } from '@kassa/domain';
import { registerCrud } from '../../query/crud.ts';
import {
  checkoutDesignWrite,
  createCheckoutDesign,
  deleteCheckoutDesign,
  updateCheckoutDesign,
} from './checkout-design.service.ts';

/** Checkout designs (risk-config.md §2.12, §3): the look of the hosted payment page. */
export const checkoutDesignRoutes = async (app: FastifyInstance) => {
  registerCrud(app, {
    write: checkoutDesignWrite,
    roles: {
      list: access.checkoutDesign.list,
      create: access.checkoutDesign.create,
      update: access.checkoutDesign.update,
      delete: access.checkoutDesign.delete,
    },
    schemas: { create: ZCheckoutDesignCreate, update: ZCheckoutDesignUpdate },
    description: 'Custom CSS is cleaned on the server (no @import, url() or script hooks).',
    create: createCheckoutDesign,
    update: updateCheckoutDesign,
    remove: deleteCheckoutDesign,
  });
};
