import { z } from 'zod';
import { ZMode } from './mode.ts';

const ZRole = z
  .string()
  .regex(/^[A-Z][A-Z_]*$/, { message: 'invalidRole' })
  .max(64);

/** Creating an API key: a name to recognise it by, its roles (scopes), and the organisation it acts for. */
export const ZApiKeyCreate = z.object({
  name: z.string().trim().min(1).max(100),
  roles: z.array(ZRole).min(1, { message: 'Choose at least one role' }).max(200),
  organisation: z.string().min(1).max(64).optional(),
  /** The one mode the key acts in (`ksk_live_…` or `ksk_test_…`); live unless asked. */
  mode: ZMode.optional(),
});
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreate>;
