import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { parseJsonc } from './jsonc.ts';
import { FALLBACK_LANGUAGE, resolveLanguage, type Language } from './languages.ts';

const STORAGE_KEY = 'kassa.language';

// The server's translation generation, raised from the cache page: part of the version cache-buster.
let generation = '';

/** Translation files of a language: `main.json` (screens) and `fields.jsonc` (entity fields). */
export const translationUrls = (language: Language) => ({
  main: `/assets/i18n/${language}/main.json?v=${__I18N_VERSION__}${generation}`,
  fields: `/assets/i18n/${language}/fields.jsonc?v=${__I18N_VERSION__}${generation}`,
});

// Translation loads are never cancelled (spec "Shared request conventions"): no signal here.
const loadBundles = async (language: Language) => {
  if (i18next.hasResourceBundle(language, 'main')) return;
  const urls = translationUrls(language);
  const [main, fields] = await Promise.all([
    fetch(urls.main).then((r) => r.json()),
    fetch(urls.fields)
      .then((r) => r.text())
      .then(parseJsonc),
  ]);
  i18next.addResourceBundle(language, 'main', main, true, true);
  i18next.addResourceBundle(language, 'fields', fields as object, true, true);
};

/** The language to start in: the user's own choice, else the browser's locale. */
export const initialLanguage = (): Language => resolveLanguage(localStorage.getItem(STORAGE_KEY) ?? navigator.language);

/** Starts i18next with the chosen language's files loaded. */
export const initI18n = async (): Promise<void> => {
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: ['main', 'fields'],
    defaultNS: 'main',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadBundles(language);
  document.documentElement.lang = language;
};

/** Switches language, remembering the choice on this device. */
export const changeLanguage = async (requested: string): Promise<void> => {
  const language = resolveLanguage(requested);
  await loadBundles(language);
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
};

/** After a translation cache clear: load the current language's files again under the new version. */
export const reloadTranslations = async (nextGeneration: string): Promise<void> => {
  generation = `-${nextGeneration}`;
  const language = resolveLanguage(i18next.language);
  for (const ns of ['main', 'fields'])
    for (const lng of Object.keys(i18next.store.data)) i18next.removeResourceBundle(lng, ns);
  await loadBundles(language);
  await i18next.changeLanguage(language);
};

export { i18next };
