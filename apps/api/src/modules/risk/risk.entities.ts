import { ZConfigVersionRow, ZRoutingRow, ZRulesetRow } from '@kassa/domain';
import { defineEntity, type FieldDef } from '../../query/entity.ts';
import { organisationEntity, paymentProfileEntity } from '../settings/settings.entities.ts';
import { tagEntity } from '../settings/tag.entity.ts';

/** Fields routings and rulesets share: both are named, versioned configuration of a merchant. */
const versionedFields = {
  id: { type: 'id', filter: true, sort: true, search: 'exact' },
  created_at: { type: 'timestamp', filter: true, sort: true },
  updated_at: { type: 'timestamp', filter: true, sort: true },
  name: { type: 'text', filter: true, sort: true, search: 'prefix' },
  version: { type: 'int', sort: true },
} satisfies Record<string, FieldDef>;

/**
 * The processors of a routing's tree payments could not reach, as the payments engine decides
 * (domain `unroutableOf` is the browser's twin): unknown, inactive, of another product, or missing
 * from a payment profile that uses the routing with intelligent routing on. In tree order.
 */
const UNROUTABLE = `coalesce((select json_agg(json_build_object('processor', u.processor, 'reason', u.reason, 'payment_profile', u.profile)
    order by u.n, u.r, u.profile)
  from unnest(e.processors) with ordinality as t(processor, n)
  left join processor x on x.id = t.processor
  cross join lateral (
    select t.processor, 0 as r, 'unknown' as reason, null::text as profile, t.n where x.id is null
    union all select t.processor, 1, 'inactive', null, t.n where x.id is not null and not x.active
    union all select t.processor, 2, 'wrong_product', null, t.n
      where x.id is not null and x.payment_product is distinct from e.payment_product
    union all select t.processor, 3, 'not_in_profile', pp.id, t.n from payment_profile pp
      where pp.merchant_id = e.merchant_id and pp.intelligent_routing and pp.routing ->> e.payment_product = e.id
        and not (t.processor = any(pp.processors))
  ) u), '[]'::json)`;

/** Intelligent routings (risk-config.md §3 "Routing"); `processors` comma-separated as the spec says. */
export const routingEntity = defineEntity(ZRoutingRow, {
  name: 'routing',
  table: 'routing',
  tenancy: 'merchant',
  fields: {
    ...versionedFields,
    payment_product: { type: 'text', filter: true, sort: true },
    processors: { type: 'text', column: "array_to_string(e.processors, ',')" },
    details: { type: 'json' },
    organisation: { type: 'id', column: 'e.organisation_id' },
    unroutable: { type: 'json', column: UNROUTABLE },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
});

/** Validation rulesets (§3): tag, block and 3-D Secure, told apart by `action`. */
export const rulesetEntity = defineEntity(ZRulesetRow, {
  name: 'validationruleset',
  table: 'validation_ruleset',
  tenancy: 'merchant',
  // The engine applies the rulesets of a payment's organisation and those above it (decisions.md).
  readsAncestors: true,
  fields: {
    ...versionedFields,
    action: { type: 'text', filter: true, values: ['tag', 'block', '3dSecure', 'review'] },
    webhook_url: { type: 'text' },
    email: { type: 'text' },
    tag: { type: 'id', column: 'e.tag_id', filter: true },
    payment_profile: { type: 'id', column: 'e.payment_profile_id', filter: true },
    rules: { type: 'json' },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
  populate: {
    organisation: { field: 'organisation', target: () => organisationEntity },
    tag: { field: 'tag', target: () => tagEntity },
    payment_profile: { field: 'payment_profile', target: () => paymentProfileEntity },
  },
});

/** The version history of routings and rulesets, newest first. */
export const configVersionEntity = defineEntity(ZConfigVersionRow, {
  name: 'config_version',
  table: 'config_version',
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true },
    created_at: { type: 'timestamp', filter: true, sort: true },
    entity: { type: 'text', filter: true, values: ['routing', 'validationruleset'] },
    entity_id: { type: 'id', filter: true },
    version: { type: 'int', filter: true, sort: true },
    user_name: { type: 'text' },
    change: { type: 'text', filter: true },
    snapshot: { type: 'json' },
    diff: { type: 'json' },
  },
});
