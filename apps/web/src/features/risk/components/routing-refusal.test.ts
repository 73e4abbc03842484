import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { placeRoutingRefusal } from './risk-messages.ts';
import { treeKeyOfPath } from './tree-ops.ts';

let t: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  const main = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../../public/assets/i18n/en-US/main.json'), 'utf8'),
  ) as object;
  await instance.init({ lng: 'en', defaultNS: 'main', resources: { en: { main } } });
  t = instance.t;
});

describe('a refused routing save', () => {
  it('names the tree node of a path: an endpoint, the node of a condition, the root', () => {
    expect(treeKeyOfPath('body.details.then.else')).toBe('then.else');
    expect(treeKeyOfPath('body.details.else.if.0.value')).toBe('else');
    expect(treeKeyOfPath('body.details')).toBe('root');
    expect(treeKeyOfPath('body.name')).toBeNull();
  });

  it('puts every detail on its node or field, not only the first', () => {
    const error = new ApiError(400, {
      code: 'validation_error',
      message: 'Unknown processor',
      details: [
        { path: 'body.details.then', code: 'unroutable', params: { processor: 'prc_1' }, message: 'Unknown processor' },
        { path: 'body.details.else.then', code: 'unroutable', params: { processor: 'prc_2' }, message: 'x' },
        { path: 'body.name', code: 'tooLong', params: { max: 200 }, message: 'Too big' },
      ],
    });
    const placed = placeRoutingRefusal(t, error, ['name', 'payment_product']);
    expect([...placed.nodes.keys()]).toEqual(['then', 'else.then']);
    expect(placed.nodes.get('then')?.[0]).toMatch(/prc_1|processor/i);
    expect(placed.fields.get('name')).toEqual(['At most 200 characters']);
    expect(placed.message).toBeNull();
  });

  it('says what names neither a node nor a field above the form', () => {
    const error = new ApiError(409, { code: 'conflict', message: 'Taken', details: [] });
    expect(placeRoutingRefusal(t, error, ['name']).message).toBe(t('errors.conflict'));
  });
});
