import { readFileSync } from 'node:fs';
import { RECURRING_MESSAGES } from '@kassa/domain';
import { describe, expect, it } from 'vitest';

const main = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../../../public/assets/i18n/${language}/main.json`, import.meta.url), 'utf8'));

describe('recurring validation messages', () => {
  it("are translated in both languages, the spec's own wording kept in English", () => {
    for (const language of ['nl', 'en-US']) {
      const validation = main(language).recurring.validation as Record<string, string>;
      expect(Object.keys(validation).sort()).toEqual(Object.keys(RECURRING_MESSAGES).sort());
    }
    expect(main('en-US').recurring.validation.webhookOrEmail).toBe(RECURRING_MESSAGES.webhookOrEmail);
  });
});
