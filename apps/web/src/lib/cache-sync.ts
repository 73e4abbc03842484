import { reloadTranslations } from './i18n.ts';
import { queryClient } from './query-client.ts';

let last: Record<string, string> = {};

/** Query keys of the provider's lists that the cache page's 'lists' clears. */
const LIST_KEYS = [['processor'], ['paymentprofile'], ['middleware']];

/**
 * Follows the server's cache generations (`kassa-cache: lists=2,translations=1`): when one moved
 * since the last answer, this browser drops its copy — the lists are fetched again, translations
 * load under a new version. The first answer only sets the baseline.
 */
export const followCacheGenerations = (header: string) => {
  const next = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const moved = (name: string) => last[name] !== undefined && next[name] !== undefined && last[name] !== next[name];
  if (moved('lists')) for (const queryKey of LIST_KEYS) void queryClient.invalidateQueries({ queryKey });
  if (moved('translations')) void reloadTranslations(next.translations);
  last = next;
};
