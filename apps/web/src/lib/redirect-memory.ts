const KEY = 'kassa.redirect';

type Saved = { url: string; userId: string | null };

/** Remembers where a signed-out user was going (and who they were) for after sign-in (portal.md §3). */
export const rememberRedirect = (url: string, userId: string | null, storage: Storage = localStorage) => {
  if (url.startsWith('/login') || url.startsWith('/logout')) return;
  storage.setItem(KEY, JSON.stringify({ url, userId } satisfies Saved));
};

const PROBE = 'https://app.invalid';

/**
 * True for a path of this app only: same origin however a browser reads it (`//host`, `/\\host`
 * and tabs or newlines inside are another origin to a URL parser), and not the API's `/v1/`.
 */
export const isAppPath = (url: string): boolean => {
  if (!url.startsWith('/') || url.includes('\\')) return false;
  try {
    const parsed = new URL(url, PROBE);
    return parsed.origin === PROBE && !parsed.pathname.startsWith('/v1/');
  } catch {
    return false;
  }
};

/**
 * The saved URL, once: followed only when it was saved for this user or for nobody, so that
 * another person signing in on the same browser does not land on the previous user's page.
 */
export const takeRedirect = (userId: string, storage: Storage = localStorage): string | null => {
  const raw = storage.getItem(KEY);
  storage.removeItem(KEY);
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as Saved;
    if (typeof saved.url !== 'string' || !isAppPath(saved.url)) return null;
    return saved.userId === null || saved.userId === userId ? saved.url : null;
  } catch {
    return null;
  }
};
