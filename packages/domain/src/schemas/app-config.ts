import { z } from 'zod';

/** `GET /v1/app-config`: branding, switched-on optional modules, and the server's mode. */
export const ZAppConfig = z.object({
  title: z.string(),
  logo_url: z.string(),
  modules: z.array(z.enum(['sap', 'host2host'])),
  development: z.boolean(),
  demo: z.boolean(),
  /** Idle seconds after which the server ends a session; the browser signs out at the same limit. */
  session_idle_seconds: z.number().int().positive(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;
