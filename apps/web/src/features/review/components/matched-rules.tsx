import { Space, Tag } from 'antd';
import type { ReviewRow } from '../api/types.ts';

/** The review rulesets that held the payment, each with its conditions as written. */
export const MatchedRules = ({ rules, detailed }: { rules: ReviewRow['rules']; detailed?: boolean }) => (
  <Space wrap size={4}>
    {(rules ?? []).map((ruleset) => (
      <Tag key={ruleset.id} color="warning">
        {ruleset.name}
        {detailed &&
          `: ${ruleset.rules.map((rule) => `${rule.name} ${rule.operator} ${Array.isArray(rule.value) ? rule.value.join(', ') : String(rule.value)}`).join(' ∧ ')}`}
      </Tag>
    ))}
  </Space>
);
