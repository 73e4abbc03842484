import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const i18nDir = new URL('./public/assets/i18n', import.meta.url).pathname;

/** A hash of every translation file: the cache-buster changes exactly when a translation does. */
const translationsVersion = (): string => {
  const hash = createHash('sha256');
  for (const lang of readdirSync(i18nDir).sort()) {
    for (const file of readdirSync(join(i18nDir, lang)).sort()) hash.update(readFileSync(join(i18nDir, lang, file)));
  }
  return hash.digest('hex').slice(0, 10);
};

/**
 * zod's own sources carry explanatory comments that mention `@__PURE__` in a place Rollup cannot
 * use; Rollup drops them and says so on every build. Only that notice, only for zod, is silenced.
 */
const isZodCommentNotice = (warning: { code?: string; id?: string }) =>
  warning.code === 'INVALID_ANNOTATION' && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? '');

export default defineConfig({
  plugins: [react()],
  // `@/…` is apps/web/src: imports name what they use, not how many folders up it is.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  define: { __I18N_VERSION__: JSON.stringify(translationsVersion()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      onwarn(warning, warn) {
        if (!isZodCommentNotice(warning)) warn(warning);
      },
    },
  },
  server: { port: 5173, proxy: { '/v1': 'http://localhost:3000' } },
});
