/**
 * Parses JSON with comments (`//` and `/* … *\/`), as `fields.jsonc` is written, ignoring
 * comment markers inside strings.
 */
export const parseJsonc = (text: string): unknown => {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      out += char;
      if (char === '\\') out += text[++i] ?? '';
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      out += char;
    } else if (char === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i += 1;
      out += '\n';
    } else if (char === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2);
      if (i === -1) break;
      i += 1;
    } else {
      out += char;
    }
  }
  // Trailing commas are allowed in JSONC.
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
};
