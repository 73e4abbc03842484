import { z } from 'zod';

/** `GET /v1/app-config`: branding, switched-on optional modules, and the server's mode. */
export const ZAppConfig = z.object({
  title: z.string(),
  logo_url: z.string(),
  modules: z.array(z.enum(['sap', 'host2host'])),
  development: z.boolean(),
  demo: z.boolean(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;
