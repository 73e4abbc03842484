import { enqueue } from '../../jobs/queue.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import { PUSH_QUEUE } from '../push/push.job.ts';
import { queueWebhook } from '../webhooks/delivery.service.ts';
import { findChangeEvent, findEndpointUrls, type ChangeEventRow } from './change-request.repository.ts';

/** The events of a change request an integration hears (`change_request.<event>`). */
export type ChangeEvent = 'created' | 'approved' | 'rejected' | 'emergency' | 'withdrawn' | 'expired';

/**
 * What a webhook says of a request: who asked what and why, and its state; never its body or diff
 * (a processor's credentials sit there, sealed), which an integration reads with `GET /v1/changerequest/{id}`.
 */
const dataOf = (r: ChangeEventRow) => ({
  id: r.id,
  organisation: r.organisation_id,
  kind: r.kind,
  action: r.action,
  entity_id: r.entity_id,
  entity_name: r.entity_name,
  status: r.status,
  emergency: r.emergency,
  note: r.note,
  requested_by: r.requested_by,
  requested_by_name: r.requested_by_name,
  decided_by: r.decided_by,
  decided_by_name: r.decided_by_name,
  decision_comment: r.decision_comment,
  expires_at: r.expires_at.toISOString(),
  due_at: r.due_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/**
 * Queues `change_request.<event>` for every webhook URL the organisation's integrations registered
 * on its path up to its merchant, in the caller's transaction: the event exists if and only if the
 * request (or its decision) committed. Signed and retried like every webhook.
 */
export const announceChange = async (tx: Queryable, id: string, event: ChangeEvent) => {
  const request = await findChangeEvent(tx, id);
  if (!request) return;
  for (const url of await findEndpointUrls(tx, request.organisation_id))
    await queueWebhook(tx, {
      type: 'changerequest',
      event: `change_request.${event}`,
      organisationId: request.organisation_id,
      merchantId: request.merchant_id,
      url,
      itemId: request.id,
      status: request.status,
      data: dataOf(request),
    });
};

/** Push to every person who may approve an emergency change after the fact (those who chose the event), beside the mail. */
export const pushEmergency = (
  tx: Queryable,
  request: { id: string; organisationId: string; what: string; requestedBy: string },
  roles: readonly string[],
) =>
  enqueue(tx, PUSH_QUEUE, {
    event: 'change_request.emergency',
    id: request.id,
    organisation_id: request.organisationId,
    what: request.what,
    roles: [...roles],
    except_user: request.requestedBy,
  });
