import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where each reliability test leaves its figures for scripts/reliability.mjs to publish. */
export const FIGURES_DIR = process.env.KASSA_RELIABILITY_DIR ?? join(process.cwd(), '.reliability');

export const recordFigures = (name: string, figures: Record<string, unknown>) => {
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(
    join(FIGURES_DIR, `${name}.json`),
    `${JSON.stringify({ ...figures, at: new Date().toISOString() }, null, 2)}\n`,
  );
};
