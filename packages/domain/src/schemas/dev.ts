import { z } from 'zod';

/** One mail of the development mailbox (`GET /v1/dev/mailbox`). */
export const ZDevMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  template: z.string().nullable(),
  /** queued, stored (kept in the mailbox), sent (by SMTP) or failed. */
  status: z.string(),
  transport: z.enum(['mailbox', 'smtp']).nullable(),
  created_at: z.iso.datetime(),
});
export type TDevMail = z.infer<typeof ZDevMail>;
