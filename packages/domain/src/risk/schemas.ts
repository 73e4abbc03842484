import { z } from 'zod';
import { updateSchema } from '../schemas/update-schema.ts';
import { PAYMENT_PRODUCTS } from '../statuses.ts';
import { withoutCredentials } from '../schemas/webhooks.ts';
import { RULE_OPERATORS, type Rule } from './rules.ts';
import { coded } from '../issue-codes.ts';
import { ruleIssues, routingTreeIssues, type RoutingNode } from './tree.ts';

const REQUIRED = 'This field is required';

const MAX_DEPTH = 20;

const requiredText = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max);
const optionalId = z.string().trim().max(64).nullish();

/** One rule as sent by the forms; the name-specific checks run in `ruleIssues`. */
export const ZRule = z.object({
  name: z.string({ error: REQUIRED }).max(40),
  operator: z.enum(RULE_OPERATORS, { error: REQUIRED }),
  value: z.union([z.string().max(200), z.array(z.string().max(200)).max(300)], { error: REQUIRED }),
});

// Named, so that OpenAPI describes the recursive tree once, as a component.
const ZNode: z.ZodType<RoutingNode> = z
  .lazy(() =>
    z.union([z.string().max(64), z.null(), z.object({ if: z.array(ZRule).max(50), then: ZNode, else: ZNode })]),
  )
  .meta({ id: 'RoutingNode' });

const depthWithin = (node: RoutingNode, left: number): boolean =>
  node === null || typeof node !== 'object'
    ? true
    : left > 0 && depthWithin(node.then, left - 1) && depthWithin(node.else, left - 1);

/** The rule tree of a routing (`details`), checked for every §5 rule with paths into the tree. */
export const ZRoutingTree = ZNode.superRefine((tree, ctx) => {
  if (!depthWithin(tree, MAX_DEPTH)) {
    ctx.addIssue({
      code: 'custom',
      ...coded('tooBig', `A routing tree is at most ${MAX_DEPTH} levels deep`, { max: MAX_DEPTH }),
    });
    return;
  }
  // §5 "The if list needs at least 1 condition", §4 "Condition 0 cannot be removed": the root is
  // always a branch with conditions, never a bare processor (its branches may be endpoints).
  if (typeof tree === 'string')
    ctx.addIssue({ code: 'custom', path: ['if'], ...coded('noConditions', 'Add at least one condition') });
  for (const issue of routingTreeIssues(tree))
    ctx.addIssue({ code: 'custom', path: issue.path, ...coded(issue.code, issue.message) });
});

/** Body of `POST /v1/routing` (§5 "Routing form"). */
export const ZRoutingCreate = z.object({
  name: requiredText(200),
  organisation: optionalId,
  payment_product: z.enum(PAYMENT_PRODUCTS, { error: REQUIRED }),
  details: ZRoutingTree,
});
/**
 * Body of `POST /v1/routing/{id}`: any subset of the fields; the organisation of an existing routing
 * cannot change. The service checks the merged routing (a new product needs a tree for it).
 */
export const ZRoutingUpdate = updateSchema(ZRoutingCreate.shape).omit({ organisation: true });
export type TRoutingCreate = z.infer<typeof ZRoutingCreate>;
export type TRoutingUpdate = z.infer<typeof ZRoutingUpdate>;

/** `review` (issue 36): a matching card payment is authorised and held for a person to approve or decline. */
export const RULESET_ACTIONS = ['tag', 'block', '3dSecure', 'review'] as const;
export type TRulesetAction = (typeof RULESET_ACTIONS)[number];

const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value) as z.output<T> | null);

const rulesetFields = {
  name: requiredText(200),
  webhook_url: emptyToNull(
    withoutCredentials(z.url({ protocol: /^https?$/, error: 'Enter a valid URL (http or https)' }).max(2000)),
  ),
  email: emptyToNull(z.email({ error: 'Enter a valid e-mail address' }).max(320)),
  tag: optionalId,
  payment_profile: optionalId,
  rules: z.array(ZRule, { error: REQUIRED }).min(1, 'Add at least one rule').max(50),
};

const checkRules = (rules: Rule[], ctx: z.RefinementCtx, prefix: string[] = ['rules']) =>
  rules.forEach((rule, i) =>
    ruleIssues(rule, 'ruleset').forEach((issue) =>
      ctx.addIssue({ code: 'custom', path: [...prefix, i, ...issue.path], ...coded(issue.code, issue.message) }),
    ),
  );

/** Body of `POST /v1/validationruleset` (§5 "Ruleset form"). */
export const ZRulesetCreate = z
  .object({ ...rulesetFields, action: z.enum(RULESET_ACTIONS, { error: REQUIRED }), organisation: optionalId })
  .superRefine((body, ctx) => {
    checkRules(body.rules, ctx);
    if (body.action === 'tag' && !body.tag)
      ctx.addIssue({ code: 'custom', path: ['tag'], ...coded('required', REQUIRED) });
    if (body.action === '3dSecure' && body.webhook_url)
      ctx.addIssue({ code: 'custom', path: ['webhook_url'], message: 'A 3-D Secure ruleset has no webhook' });
  });
/** Body of `POST /v1/validationruleset/{id}`: any subset; action and organisation are not sent on edit (§4). */
export const ZRulesetUpdate = updateSchema(rulesetFields).superRefine((body, ctx) => {
  if (body.rules) checkRules(body.rules, ctx);
});
export type TRulesetCreate = z.infer<typeof ZRulesetCreate>;
export type TRulesetUpdate = z.infer<typeof ZRulesetUpdate>;

/** Body of `POST /v1/tag` (risk-config.md §3 "Tag"). */
export const ZTagCreate = z.object({
  text: requiredText(60),
  colour: z.string({ error: REQUIRED }).regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour'),
  organisation: optionalId,
});
export const ZTagUpdate = updateSchema(ZTagCreate.shape).omit({ organisation: true });
export type TTagCreate = z.infer<typeof ZTagCreate>;
export type TTagUpdate = z.infer<typeof ZTagUpdate>;

/** Body of `POST /v1/routing/backtest` and `POST /v1/validationruleset/backtest`: a draft replayed over 30 days. */
export const ZRoutingBacktest = z.object({
  organisation: optionalId,
  payment_product: z.enum(PAYMENT_PRODUCTS),
  details: ZRoutingTree,
  routing: optionalId,
});
export const ZRulesetBacktest = z.object({
  organisation: optionalId,
  action: z.enum(RULESET_ACTIONS),
  tag: optionalId,
  rules: z
    .array(ZRule)
    .min(1)
    .max(50)
    .superRefine((rules, ctx) => checkRules(rules, ctx, [])),
  ruleset: optionalId,
});
export type TRoutingBacktest = z.infer<typeof ZRoutingBacktest>;
export type TRulesetBacktest = z.infer<typeof ZRulesetBacktest>;

/** What a backtest answers: the draft's outcome next to what happened (counts of transactions). */
export const ZBacktestResult = z.object({
  transactions: z.number(),
  from: z.string(),
  to: z.string(),
  millis: z.number(),
  draft: z.record(z.string(), z.number()),
  actual: z.record(z.string(), z.number()),
  /**
   * A review ruleset's labels (issue 36): how the payments the draft would have held were decided
   * when they were held — by a reviewer (approved, declined), by the expiry policy (expired), or not yet.
   */
  reviews: z
    .object({
      held: z.number(),
      approved: z.number(),
      declined: z.number(),
      expired: z.number(),
      pending: z.number(),
      approved_charged_back: z.number(),
    })
    .optional(),
});
export type TBacktestResult = z.infer<typeof ZBacktestResult>;
