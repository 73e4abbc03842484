import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './diff.ts';
import { ZRoutingCreate, ZRulesetCreate, ZRulesetUpdate, ZTagCreate } from './schemas.ts';
import { processorsOf, ruleIssues, routingTreeIssues } from './tree.ts';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.')).sort();

describe('rule validation (§5)', () => {
  it('checks name, then operator, then value', () => {
    expect(ruleIssues({}, 'routing')).toEqual([
      { path: ['name'], code: 'required', message: 'This field is required' },
    ]);
    expect(ruleIssues({ name: 'amount' }, 'routing')).toEqual([
      { path: ['operator'], code: 'required', message: 'This field is required' },
    ]);
    expect(ruleIssues({ name: 'card_brand', operator: '>', value: 'visa' }, 'routing')).toEqual([
      { path: ['operator'], code: 'operatorNotAllowed', message: 'This operator is not allowed for this rule' },
    ]);
    expect(ruleIssues({ name: 'card_brand', operator: 'IN', value: ['visa'] }, 'routing')[0].path).toEqual([
      'operator',
    ]);
    expect(ruleIssues({ name: 'card_brand', operator: 'IN', value: ['visa'] }, 'ruleset')).toEqual([]);
    expect(ruleIssues({ name: 'random', operator: '<', value: '101' }, 'routing')[0].code).toBe('invalidPercentage');
    expect(ruleIssues({ name: 'country_code', operator: '==', value: 'Netherlands' }, 'routing')[0].code).toBe(
      'invalidOption',
    );
  });
  it('accepts an empty amount and recurring_type in rulesets only', () => {
    expect(ruleIssues({ name: 'amount', operator: '>', value: '' }, 'ruleset')).toEqual([]);
    expect(ruleIssues({ name: 'amount', operator: '>', value: '' }, 'routing')[0].code).toBe('required');
    expect(ruleIssues({ name: 'amount', operator: '>', value: '-1' }, 'ruleset')[0].code).toBe('invalidAmount');
    expect(ruleIssues({ name: 'recurring_type', operator: '==', value: '' }, 'ruleset')).toEqual([]);
  });
});

describe('routing tree validation', () => {
  it('names every empty endpoint and incomplete condition by its path', () => {
    const tree = {
      if: [{ name: 'amount', operator: '!=' as const, value: '' }],
      then: { if: [], then: 'p1', else: null },
      else: '',
    };
    expect(routingTreeIssues(tree).map((i) => i.path.join('.'))).toEqual([
      'if.0.value',
      'then.if',
      'then.else',
      'else',
    ]);
    expect(routingTreeIssues('p1', ['p2'])[0].code).toBe('unroutable');
  });
  it('the create schema reports paths under details', () => {
    const result = ZRoutingCreate.safeParse({
      name: '',
      payment_product: 'card',
      details: { if: [{ name: 'amount', operator: '>', value: '' }], then: 'p', else: null },
    });
    expect(paths(result)).toEqual(['details.else', 'details.if.0.value', 'name']);
    // The root needs a condition (§5; condition 0 cannot be removed, §4): a bare processor is refused there.
    expect(paths(ZRoutingCreate.safeParse({ name: 'A', payment_product: 'card', details: 'p' }))).toEqual([
      'details.if',
    ]);
    const branch = { if: [{ name: 'amount', operator: '>', value: '1' }], then: 'p', else: 'q' };
    expect(ZRoutingCreate.safeParse({ name: 'A', payment_product: 'card', details: branch }).success).toBe(true);
  });
  it('lists the processors of a tree once each', () => {
    expect(processorsOf({ if: [], then: 'a', else: { if: [], then: 'b', else: 'a' } })).toEqual(['a', 'b']);
  });
});

describe('ruleset and tag schemas', () => {
  it('needs a tag for tag rules, a valid e-mail and URL, at least one rule', () => {
    expect(
      paths(ZRulesetCreate.safeParse({ name: 'X', action: 'tag', rules: [], email: 'x', webhook_url: 'ftp://x' })),
    ).toEqual(['email', 'rules', 'tag', 'webhook_url']);
    expect(
      paths(
        ZRulesetCreate.safeParse({ name: 'X', action: 'tag', rules: [{ name: 'amount', operator: '>', value: '' }] }),
      ),
    ).toEqual(['tag']);
    expect(paths(ZRulesetUpdate.safeParse({ name: 'X', rules: [{ name: 'mcc', operator: 'IN', value: [] }] }))).toEqual(
      ['rules.0.value'],
    );
  });
  it('a tag has text and a hex colour', () => {
    expect(paths(ZTagCreate.safeParse({ text: ' ', colour: 'red' }))).toEqual(['colour', 'text']);
  });
});

describe('diffSnapshots', () => {
  it('lists each changed leaf with before and after', () => {
    expect(
      diffSnapshots(
        { name: 'A', details: { if: [{ value: '1' }], then: 'p' } },
        { name: 'A', details: { if: [{ value: '2' }], then: 'q' } },
      ),
    ).toEqual([
      { path: 'details.if.0.value', before: '1', after: '2' },
      { path: 'details.then', before: 'p', after: 'q' },
    ]);
  });
});
