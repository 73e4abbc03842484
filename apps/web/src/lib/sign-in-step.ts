/**
 * The pending second sign-in step (who signs in and the step's token). It lives in this tab's
 * sessionStorage, never in the URL, where it would end up in the history, logs and referrers.
 */
export type SignInStep = { username: string; token: string };

const KEY = 'kassa.signInStep';

export const rememberSignInStep = (step: SignInStep, storage: Storage = sessionStorage) =>
  storage.setItem(KEY, JSON.stringify(step));

export const readSignInStep = (storage: Storage = sessionStorage): SignInStep | null => {
  try {
    const step = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<SignInStep> | null;
    return step && typeof step.token === 'string' && typeof step.username === 'string'
      ? { username: step.username, token: step.token }
      : null;
  } catch {
    return null;
  }
};

export const forgetSignInStep = (storage: Storage = sessionStorage) => storage.removeItem(KEY);
