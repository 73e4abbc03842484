import postcss, { type AtRule, type Declaration } from 'postcss';
import { badRequest } from '../../lib/http-error.ts';

/** At-rules a design may use; everything else (@import, @font-face loading remote files, …) is dropped. */
const ALLOWED_AT_RULES = new Set(['media', 'supports', 'keyframes']);
/** Values that could load or run something: remote urls, legacy script hooks. */
const DANGEROUS_VALUE = /url\s*\(|expression\s*\(|javascript:|behavior\s*:|-moz-binding|@import/i;

/**
 * Custom CSS of a checkout design, cleaned with PostCSS's parser: only style rules and
 * @media/@supports/@keyframes stay, and declarations that could load remote content or run
 * script (url(), expression(), behaviours) are removed. A stylesheet that does not parse is a 400.
 */
export const sanitiseCss = (css: string | null): string | null => {
  if (!css) return null;
  let root;
  try {
    root = postcss.parse(css);
  } catch (error) {
    throw badRequest('body.css', `The CSS does not parse: ${(error as Error).message.split('\n')[0]}`);
  }
  root.walkAtRules((rule: AtRule) => {
    if (!ALLOWED_AT_RULES.has(rule.name.toLowerCase())) rule.remove();
  });
  root.walkDecls((decl: Declaration) => {
    if (DANGEROUS_VALUE.test(decl.value) || DANGEROUS_VALUE.test(decl.prop)) decl.remove();
  });
  root.walkComments((comment) => {
    comment.remove();
  });
  // A closing style tag could end the <style> element the page puts the CSS in.
  return (
    root
      .toString()
      .replace(/<\/?style/gi, '')
      .trim() || null
  );
};
