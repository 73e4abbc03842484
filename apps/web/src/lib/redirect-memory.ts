const KEY = 'kassa.redirect';

type Saved = { url: string; userId: string | null };

/** Remembers where a signed-out user was going (and who they were) for after sign-in (portal.md §3). */
export const rememberRedirect = (url: string, userId: string | null, storage: Storage = localStorage) => {
  if (url.startsWith('/login') || url.startsWith('/logout')) return;
  storage.setItem(KEY, JSON.stringify({ url, userId } satisfies Saved));
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
    if (typeof saved.url !== 'string' || !saved.url.startsWith('/') || saved.url.startsWith('//')) return null;
    return saved.userId === null || saved.userId === userId ? saved.url : null;
  } catch {
    return null;
  }
};
