import type { TWelcomeMailRow } from '@kassa/domain';

/** A welcome-mail template as `GET /v1/psp/welcome-mail` answers it. */
export type WelcomeMailRow = TWelcomeMailRow;
