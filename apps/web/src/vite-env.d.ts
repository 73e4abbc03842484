/// <reference types="vite/client" />

/** Hash of the translation files, appended to their URLs so a new build never serves stale text. */
declare const __I18N_VERSION__: string;
