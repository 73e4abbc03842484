import { z } from 'zod';
import { SHARE_STATUSES } from '../schemas/share-credentials.ts';
import { TERMINAL_STATUSES } from '../schemas/terminals.ts';
import { populated, ZTimestamp, type WireOf } from './row.ts';
import { ZOrganisation, ZPaymentProfile, ZProcessor } from './settings.ts';

export const ZTerminal = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    name: z.string(),
    serial_number: z.string(),
    model: z.string(),
    status: z.enum(TERMINAL_STATUSES),
    location: z.string().nullable(),
    last_seen_at: ZTimestamp.nullable(),
    organisation: z.string(),
    payment_profile: z.string(),
  })
  .meta({ id: 'Terminal' });
/** `GET /v1/terminal` rows, and the answer to registering or editing one. */
export const ZTerminalRow = ZTerminal.extend({
  organisation: populated(ZOrganisation),
  payment_profile: populated(ZPaymentProfile),
}).meta({ id: 'TerminalRow' });
export type TTerminalRow = WireOf<typeof ZTerminalRow>;

/** A share request as every screen sees it: field names and whether each holds a value, never the value. */
export const ZShareRequest = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
    organisation: z.string(),
    processor: z.string().nullable(),
    provider: z.string(),
    message: z.string().nullable(),
    status: z.enum(SHARE_STATUSES),
    fields: z.array(z.object({ name: z.string(), description: z.string().nullable(), shared: z.boolean() })),
    requested_by: z.string().nullable(),
    shared_by: z.string().nullable(),
    shared_at: ZTimestamp.nullable(),
    revoked_at: ZTimestamp.nullable(),
  })
  .meta({ id: 'ShareRequest' });
/** `GET /v1/sharerequest` rows, and the answer to every change of one. */
export const ZShareRequestRow = ZShareRequest.extend({
  organisation: populated(ZOrganisation),
  processor: populated(ZProcessor).nullable(),
}).meta({ id: 'ShareRequestRow' });
export type TShareRequestRow = WireOf<typeof ZShareRequestRow>;

/** Settlement updates (portal.md §3): the processor settlement, the new and the replaced `last`, and whether a run was asked for. */
export const ZSettlementUpdate = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    processor_settlement: z.string(),
    last: ZTimestamp,
    old_last: ZTimestamp.nullable(),
    update_last_run: z.boolean(),
    created_by: z.string().nullable(),
    /** The run's outcome (issue 34): null until the import ran. */
    file_count: z.number().int().nullable(),
    line_count: z.number().int().nullable(),
    matched_count: z.number().int().nullable(),
    exception_count: z.number().int().nullable(),
  })
  .meta({ id: 'SettlementUpdate' });
/** `GET /v1/settlementupdate` rows, and the answer to making one. */
export const ZSettlementUpdateRow = ZSettlementUpdate.extend({ processor_settlement: populated(ZProcessor) }).meta({
  id: 'SettlementUpdateRow',
});
export type TSettlementUpdateRow = WireOf<typeof ZSettlementUpdateRow>;
