import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm run lint` runs scripts/cycles.mjs; this proves that check fails on a cycle and passes without one. */
const script = fileURLToPath(new URL('../../../scripts/cycles.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'kassa-cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const check = (folder: string) => spawnSync(process.execPath, [script, folder], { encoding: 'utf8' });

describe('the import-cycle check of the lint', () => {
  it('fails on a cycle, naming its files, also through a dynamic import', () => {
    const folder = join(dir, 'cycle');
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(join(folder, 'b.ts'), "export const b = async () => (await import('./a.ts')).a;\n");
    const result = check(folder);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/import cycle in .*: a\.ts → b\.ts → a\.ts/);
  });

  it('passes a tree without a cycle', () => {
    const folder = join(dir, 'tree');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(join(folder, 'b.ts'), 'export const b = 1;\n');
    const result = check(folder);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/no import cycle/);
  });
});
