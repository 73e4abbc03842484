import { z } from 'zod';
import { secret } from './secret.ts';
import { ZMode } from './mode.ts';

/** An e-mail address as typed: surrounding spaces are dropped before it is checked (server and form alike). */
export const ZEmailAddress = z.string().trim().check(z.email()).max(254);

/** Sign-in form and `POST /v1/auth/login` body (portal.md §5 "Login"). */
export const ZLoginBody = z.object({
  username: ZEmailAddress,
  password: secret(z.string().min(2).max(128)),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZOrganisationRef = z.object({ id: z.string(), name: z.string() });

/** The signed-in user as `GET /v1/auth/me` answers it. */
export const ZMe = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  language: z.string(),
  /** IANA time zone of the user's statistics days (profile; Europe/Amsterdam unless changed). */
  time_zone: z.string(),
  roles: z.array(z.string()),
  organisation: ZOrganisationRef.extend({ type: z.enum(['provider', 'merchant', 'sub']) }),
  is_provider: z.boolean(),
  /** Features of the user's merchant (the provider's for its staff), e.g. `collecting`. */
  features: z.array(z.string()).optional(),
  mfa: z.object({ enabled: z.boolean(), type: z.enum(['email', 'google']).nullable() }),
  /** The mode the back office shows (test mode, issue 38): kept per user, set with `POST /v1/auth/mode`. */
  mode: ZMode,
});
export type TMe = z.infer<typeof ZMe>;

/** The second-step answer of a sign-in that needs MFA. */
export const ZMfaChallenge = z.object({
  mfa_required: z.literal(true),
  mfa_token: secret(z.string()),
  mfa_type: z.enum(['email', 'google']),
});
export const ZLoginResult = z.union([ZMe, ZMfaChallenge]);
