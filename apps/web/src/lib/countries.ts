const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const cache = new Map<string, { value: string; label: string }[]>();

/** ISO 3166 country codes with their names in the language, from the browser's own region names. */
export const countryOptions = (language: string) => {
  const known = cache.get(language);
  if (known) return known;
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const options: { value: string; label: string }[] = [];
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      // Unassigned and reserved codes have no name (or only the code itself); 'ZZ' is "unknown region".
      if (name && name !== code && code !== 'ZZ' && !/^(X[A-Z]|Q[M-Z]|AA|OO|EU|EZ|UN)$/.test(code))
        options.push({ value: code, label: `${name} (${code})` });
    }
  }
  options.sort((x, y) => x.label.localeCompare(y.label, language));
  cache.set(language, options);
  return options;
};

/** A country's name in the language (the code itself where the browser has none). */
export const countryName = (code: string, language: string) => {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
};
