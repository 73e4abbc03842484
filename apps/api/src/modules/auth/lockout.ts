/**
 * The account lock of SECURITY.md: 10 consecutive failures lock an account for 30 minutes. The
 * same numbers hold for wrong passwords and for wrong second-factor codes, each with its own count.
 */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_SECONDS = 30 * 60;
