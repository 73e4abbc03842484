type Navigate = (to: string, options: { replace: boolean }) => Promise<void> | void;

/** Until the router registers itself (app.tsx), a plain page load. */
let navigateWith: Navigate = (to) => window.location.assign(to);

/**
 * The router's navigate, registered by the app: code the router's pages import (ending a session)
 * navigates through it instead of importing the router, which would close an import cycle.
 */
export const setNavigator = (navigate: Navigate) => {
  navigateWith = navigate;
};

export const navigateTo = (to: string, options: { replace: boolean }) => navigateWith(to, options);
