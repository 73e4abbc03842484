/** The languages Kassa is translated into; Dutch is the default (portal.md §1). */
export const LANGUAGES = ['nl', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';
export const FALLBACK_LANGUAGE: Language = 'en-US';

/**
 * Maps a requested locale to a supported language: any Dutch variant is `nl`, any English one
 * `en-US`; anything else falls back to `en-US` with a console warning (payments.md §5).
 */
export const resolveLanguage = (
  requested: string | null | undefined,
  warn: (message: string) => void = console.warn,
): Language => {
  if (!requested) return DEFAULT_LANGUAGE;
  const lower = requested.toLowerCase();
  if (lower === 'nl' || lower.startsWith('nl-')) return 'nl';
  if (lower === 'en' || lower.startsWith('en-')) return 'en-US';
  warn(`Unsupported locale "${requested}", falling back to ${FALLBACK_LANGUAGE}`);
  return FALLBACK_LANGUAGE;
};
