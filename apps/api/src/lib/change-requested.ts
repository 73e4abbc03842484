import type { TChangeAccepted } from '@kassa/domain';

/**
 * Not a failure: a change under four eyes was stored as a change request instead of applied. The
 * write path throws it after its transaction rolled the change back; the error handler answers it
 * as 202 with the request's id, whatever the route's usual answer.
 */
export class ChangeRequested extends Error {
  constructor(readonly body: TChangeAccepted) {
    super(body.message);
  }
}
