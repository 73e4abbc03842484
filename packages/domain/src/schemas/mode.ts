import { z } from 'zod';

/**
 * Test mode (issue 38): every payment-side row belongs to `live` or `test`. A request's mode comes
 * from its API key (`ksk_live_…`, `ksk_test_…`) or from the signed-in person's choice.
 */
export const MODES = ['live', 'test'] as const;
export const ZMode = z.enum(MODES);
export type TMode = z.infer<typeof ZMode>;

/** `POST /v1/auth/mode`: the signed-in person's choice, kept per user. */
export const ZModeBody = z.object({ mode: ZMode });
export type TModeBody = z.infer<typeof ZModeBody>;

/** One way to force an outcome of the sandbox acquirer (`GET /v1/test-cards`). */
export const ZTestOutcome = z.object({
  /** SETTLEMENT_REQUESTED (approved), DECLINED, FAILED, IN_PROGRESS (3-D Secure challenge) or CHARGEBACK. */
  status: z.string(),
  /** The scheme's response code, e.g. '51'; null where none applies. */
  code: z.string().nullable(),
  reason: z.string().nullable(),
});

/** `GET /v1/test-cards`: the test cards and amounts that force each outcome in test mode. */
export const ZTestCards = z.object({
  cards: z.array(ZTestOutcome.extend({ number: z.string(), brand: z.string() })),
  /** Any card: an amount whose last two minor-unit digits are `ending` forces the outcome. */
  amounts: z.array(ZTestOutcome.extend({ ending: z.string(), example: z.number().int() })),
  /** A payment asking for 3-D Secure (`three_d_secure: true`) is challenged; this code passes the challenge. */
  three_d_secure: z.object({ code: z.string() }),
});
export type TTestCards = z.infer<typeof ZTestCards>;

/** `POST /v1/organisation/{id}/test-data/delete`: the job that deletes the organisation's test rows. */
export const ZTestDataDeletion = z.object({
  job: z.object({ id: z.string(), status: z.enum(['queued', 'running', 'done', 'failed']) }),
  organisation: z.string(),
});
export type TTestDataDeletion = z.infer<typeof ZTestDataDeletion>;
