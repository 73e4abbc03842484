import { z } from 'zod';
import { ZEmailAddress, ZMe, ZMfaChallenge } from './auth.ts';
import { PASSWORD_MAX_LENGTH } from './password-policy.ts';
import { ZTimeZone } from './statistics.ts';
import { secret } from './secret.ts';

export const ZMfaType = z.enum(['email', 'google']);
export type TMfaType = z.infer<typeof ZMfaType>;

/** Interface languages: Dutch is the default, en-US the fallback (DESIGN.md). */
export const ZLanguage = z.enum(['nl', 'en-US']);
export type TLanguage = z.infer<typeof ZLanguage>;

const ZToken = secret(z.string().min(1).max(200));
const ZEmail = ZEmailAddress;

/** A password as a form sends it: the policy is checked by the service (its error names `body.password`). */
const ZPassword = secret(z.string().min(1).max(PASSWORD_MAX_LENGTH));

/** An MFA code: exactly 6 digits (portal.md §5). */
export const ZMfaCode = secret(z.string().regex(/^[0-9]{6}$/, { message: 'invalidToken' }));

/** `POST /v1/auth/forgot-password`. */
export const ZForgotPasswordBody = z.object({ email: ZEmailAddress });

/** `POST /v1/auth/update-password`: a reset or welcome token and the new password. */
export const ZUpdatePasswordBody = z.object({
  token: ZToken,
  password: ZPassword,
});
export type TUpdatePasswordBody = z.infer<typeof ZUpdatePasswordBody>;

/** `POST /v1/auth/update-email`: the token mailed to the new address and that address. */
export const ZUpdateEmailBody = z.object({ token: ZToken, email: ZEmail });
export type TUpdateEmailBody = z.infer<typeof ZUpdateEmailBody>;

/** `POST /v1/auth/mfa`: the second sign-in step (DESIGN.md API table). */
export const ZMfaBody = z.object({
  code: ZMfaCode,
  remember: z.boolean().default(false),
  username: ZEmailAddress,
  token: ZToken,
});
export type TMfaBody = z.infer<typeof ZMfaBody>;

/** `POST /v1/auth/mfa/recovery`: a recovery code instead of the authenticator code. */
export const ZMfaRecoveryBody = z.object({
  username: ZEmailAddress,
  token: ZToken,
  recovery_code: secret(z.string().min(1).max(40)),
});

/** The answer of a sign-in whose organisation requires MFA the user has not set up yet. */
export const ZMfaSetupChallenge = z.object({
  mfa_setup_required: z.literal(true),
  required_type: ZMfaType,
  token: secret(z.string()),
});

/** Everything `POST /v1/auth/login` may answer. */
export const ZLoginAnswer = z.union([ZMe, ZMfaChallenge, ZMfaSetupChallenge]);
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

/** Starting an enrolment: for an authenticator app the otpauth URI, its QR code and the secret. */
export const ZMfaEnrolment = z.object({
  type: ZMfaType,
  token: secret(z.string()),
  otpauth_uri: secret(z.string()).optional(),
  qr_code: secret(z.string()).optional(),
  secret: secret(z.string()).optional(),
});
export type TMfaEnrolment = z.infer<typeof ZMfaEnrolment>;

export const ZMfaSetupStartBody = z.object({ token: ZToken, type: ZMfaType });
export const ZMfaSetupConfirmBody = z.object({ token: ZToken, code: ZMfaCode });
export const ZMfaEnrolStartBody = z.object({ type: ZMfaType });
export const ZMfaEnrolConfirmBody = z.object({ token: ZToken, code: ZMfaCode });
export const ZMfaDisableBody = z.object({ password: secret(z.string().min(1).max(PASSWORD_MAX_LENGTH)) });

/** After enrolment: the recovery codes, shown once (authenticator app only). */
export const ZMfaEnrolled = z.object({
  mfa: z.object({ enabled: z.boolean(), type: ZMfaType.nullable() }),
  recovery_codes: z.array(secret(z.string())),
  /** After a forced enrolment: the user now signed in. */
  user: ZMe.optional(),
});

/** `POST /v1/profile`. */
export const ZProfileUpdateBody = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  language: ZLanguage.optional(),
  time_zone: ZTimeZone.optional(),
});
/** `POST /v1/profile/password`. */
export const ZChangePasswordBody = z.object({
  current_password: ZPassword,
  password: ZPassword,
});
/** `POST /v1/profile/email`: asks for a confirmation mail to the new address. */
export const ZChangeEmailBody = z.object({ email: ZEmail });

/** One of the signed-in user's own sessions. */
export const ZOwnSession = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type TOwnSession = z.infer<typeof ZOwnSession>;

export const ZOk = z.object({ ok: z.boolean() });
