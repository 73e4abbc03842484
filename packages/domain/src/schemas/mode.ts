import { z } from 'zod';

/**
 * Test mode (issue 38): every payment-side row belongs to `live` or `test`. A request's mode comes
 * from its API key (`ksk_live_…`, `ksk_test_…`) or from the signed-in person's choice.
 */
export const MODES = ['live', 'test'] as const;
export const ZMode = z.enum(MODES, { message: 'mode.invalid' });
export type TMode = z.infer<typeof ZMode>;

/** `POST /v1/auth/mode`: the signed-in person's choice, kept per user. */
export const ZModeBody = z.object({ mode: ZMode });
export type TModeBody = z.infer<typeof ZModeBody>;
