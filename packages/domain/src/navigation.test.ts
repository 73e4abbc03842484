import { describe, expect, it } from 'vitest';
import { appRoutes, flagsAllow, navigation, parseMerchantContext, visibleNavigation } from './navigation.ts';
import { hasAccess } from './roles.ts';

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('navigation table', () => {
  it('has unique ids and a route for every item', () => {
    expect(new Set(ids([...navigation])).size).toBe(navigation.length);
    for (const item of navigation) expect(item.route.startsWith('/')).toBe(true);
  });

  it('shows a merchant super user the merchant menu without provider-only items', () => {
    const visible = ids(visibleNavigation({ roles: ['USER_ALL'], isProvider: false, modules: [], area: 'merchant' }));
    expect(visible).toContain('transactions');
    expect(visible).toContain('shareRequests');
    expect(visible).not.toContain('processors');
    expect(visible).not.toContain('oneOffs');
    expect(visible).not.toContain('shareCredentials');
  });

  it('shows an analyst only what its list roles allow', () => {
    const visible = ids(
      visibleNavigation({
        roles: ['TRANSACTION_LIST', 'REFUND_LIST'],
        isProvider: false,
        modules: [],
        area: 'merchant',
        features: ['collecting'],
      }),
    );
    expect(visible).toEqual([
      'transactions',
      'transactionsMissed',
      'transactionsDeclined',
      'transactionsTagged',
      'transactionsBlocked',
      'refunds',
      'rfm',
      'dailyReport',
      'apiSettings',
      'documentation',
      'testCards',
    ]);
  });

  it('shows finance and pricing only where the organisation has the collecting feature', () => {
    const finance = ['settlementReport', 'dailyReport', 'bankAccounts'];
    const pricing = [
      'pspPricingRevenue',
      'pspPricingCost',
      'pspPricingReserve',
      'pspPricingPartner',
      'pspPackages',
      'pspSettlementSchedules',
      'pspBankAccounts',
      'pspReportsSettlement',
    ];
    const merchant = (features: string[]) =>
      ids(visibleNavigation({ roles: ['USER_ALL'], isProvider: false, modules: [], area: 'merchant', features }));
    expect(merchant(['collecting'])).toEqual(expect.arrayContaining(finance));
    expect(merchant([])).not.toEqual(expect.arrayContaining([finance[0]]));
    expect(merchant([]).filter((id) => finance.includes(id))).toEqual([]);
    const provider = (features: string[]) =>
      ids(visibleNavigation({ roles: ['PSP', 'PSP_ALL'], isProvider: true, modules: [], area: 'provider', features }));
    expect(provider(['collecting'])).toEqual(expect.arrayContaining(pricing));
    expect(provider([]).filter((id) => pricing.includes(id))).toEqual([]);
    expect(provider([])).toContain('pspReportsDaily');
  });

  it('hides super-user admin and disabled modules from a PSP_ALL user', () => {
    const visible = ids(
      visibleNavigation({ roles: ['PSP', 'PSP_ALL'], isProvider: true, modules: [], area: 'provider' }),
    );
    expect(visible).toContain('pspMerchants');
    expect(visible).not.toContain('adminCache');
    expect(visible).not.toContain('pspSap');
    const superUser = ids(
      visibleNavigation({
        roles: ['PSP', 'PSP_ALL', 'PSP_SUPER'],
        isProvider: true,
        modules: ['sap'],
        area: 'provider',
      }),
    );
    expect(superUser).toContain('adminCache');
    expect(superUser).toContain('pspSap');
  });

  it('shows provider-only merchant items to provider staff in a merchant context', () => {
    const visible = ids(
      visibleNavigation({ roles: ['PSP', 'PSP_ALL'], isProvider: true, modules: [], area: 'merchant' }),
    );
    expect(visible).toContain('processors');
    expect(visible).toContain('shareCredentials');
    expect(visible).not.toContain('shareRequests');
  });

  it('lists every page route once per area with roles', () => {
    const keys = appRoutes.map((route) => `${route.area}:${route.route}:${route.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(appRoutes.find((route) => route.id === 'adminCache')?.roles).toEqual(['PSP_SUPER']);
  });

  it("offers provider staff a collecting merchant's finance and pricing in its context (payments.md §2)", () => {
    const inMerchant = (features: string[]) =>
      ids(visibleNavigation({ roles: ['PSP', 'PSP_ALL'], isProvider: true, modules: [], area: 'merchant', features }));
    const finance = [
      'oneOffs',
      'settlementProfiles',
      'packages',
      'settlementSchedules',
      'pricingRevenue',
      'pricingCost',
      'pricingReserve',
      'pricingPartner',
    ];
    expect(inMerchant(['collecting'])).toEqual(expect.arrayContaining(finance));
    expect(inMerchant([]).filter((id) => finance.includes(id))).toEqual([]);
    const routes = appRoutes.filter((route) => route.area === 'merchant').map((route) => route.route);
    expect(routes).toEqual(
      expect.arrayContaining([
        '/pricing/revenue',
        '/pricing/cost',
        '/pricing/reserve',
        '/pricing/partner',
        '/finance/packages',
        '/finance/settlement-schedules',
        '/finance/settings/bank-accounts',
      ]),
    );
    const merchantUser = ids(
      visibleNavigation({
        roles: ['USER_ALL'],
        isProvider: false,
        modules: [],
        area: 'merchant',
        features: ['collecting'],
      }),
    );
    expect(merchantUser.filter((id) => finance.includes(id))).toEqual([]);
  });

  it('keeps every provider page (/psp/…) from merchant users, whatever merchant roles they hold', () => {
    const merchant = {
      roles: ['USER_ALL', 'TRANSACTION_ALL', 'TAG_ALL', 'VALIDATION_RULESET_ALL', 'WEBHOOK_ALL', 'TRANSACTON_LIST'],
      isProvider: false,
      modules: ['sap', 'host2host'] as const,
      area: 'merchant' as const,
      features: ['collecting'],
    };
    const provider = appRoutes.filter((route) => route.route.startsWith('/psp'));
    expect(provider.every((route) => route.area === 'provider')).toBe(true);
    const open = provider.filter((route) => flagsAllow(route, merchant) && hasAccess(merchant.roles, route.roles));
    expect(open.map((route) => route.route)).toEqual([]);
    const staff = { ...merchant, roles: ['PSP', 'PSP_ALL'], isProvider: true, area: 'provider' as const };
    expect(provider.filter((route) => flagsAllow(route, staff)).map((route) => route.id)).toContain('pspRiskrules');
  });

  it('reads a merchant context with and without a suffix', () => {
    expect(parseMerchantContext('org_1')).toEqual({ merchantId: 'org_1', organisationId: 'org_1' });
    expect(parseMerchantContext('org_1:org_2')).toEqual({ merchantId: 'org_1', organisationId: 'org_2' });
    expect(parseMerchantContext('')).toBeNull();
  });
});
