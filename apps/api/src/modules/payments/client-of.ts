import Bowser from 'bowser';

/** Names longer than this are not a browser's or an operating system's: stored as unknown. */
const MAX_NAME = 40;

const named = (name: string | undefined): string | null => (name && name.length <= MAX_NAME ? name : null);

/**
 * The platform (the operating system: iOS, Android, Windows, macOS, Linux…) and the browser of the
 * customer's user agent as Kassa's hosted pages received it; null for what cannot be told.
 */
export const clientOf = (userAgent: string | null | undefined): { platform: string | null; browser: string | null } => {
  if (!userAgent) return { platform: null, browser: null };
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  return { platform: named(parsed.os.name), browser: named(parsed.browser.name) };
};
