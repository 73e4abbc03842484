import { DeleteOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tooltip } from 'antd';
import { operatorsFor, ROUTING_RULE_NAMES, RULESET_RULE_NAMES, ruleIssues, ruleTypeOf, type Rule } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { translateDetail } from '@/lib/form-errors.ts';
import { ValueInput } from './value-input.tsx';

/** A rule while it is edited: name and operator may still be empty. */
export type DraftRule = { name: string; operator: string; value: string | string[] };

type Props = {
  rule: DraftRule;
  kind: 'routing' | 'ruleset';
  label: string;
  onChange: (rule: DraftRule) => void;
  onRemove: () => void;
  removeDisabled: boolean;
  showErrors: boolean;
};

/**
 * One condition or ruleset rule (§4): the operator stays disabled until the name is valid and the
 * value until the operator is set; a new name resets operator and value, a new operator the value.
 */
export const RuleRow = ({ rule, kind, label, onChange, onRemove, removeDisabled, showErrors }: Props) => {
  const { t } = useTranslation();
  const type = ruleTypeOf(rule.name);
  const names = kind === 'routing' ? ROUTING_RULE_NAMES : RULESET_RULE_NAMES;
  const issues = ruleIssues(rule as Rule, kind);
  const issueOf = (field: string) => (showErrors ? issues.find((issue) => issue.path[0] === field) : undefined);
  const problem = issues[0] && showErrors ? translateDetail(t, issues[0]) : null;
  return (
    <div>
      <Space wrap align="start">
        <Select
          aria-label={`${label}: ${t('risk.ruleName')}`}
          style={{ width: 200 }}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('risk.ruleName')}
          status={issueOf('name') ? 'error' : undefined}
          value={rule.name || undefined}
          options={names.map((name) => ({ value: name, label: t(`risk.rules.${name}`) }))}
          onChange={(name: string) => onChange({ name, operator: '', value: '' })}
        />
        <Select
          aria-label={`${label}: ${t('risk.operator')}`}
          style={{ width: 150 }}
          showSearch={{ optionFilterProp: 'label' }}
          disabled={!type}
          placeholder={t('risk.operator')}
          status={issueOf('operator') ? 'error' : undefined}
          value={rule.operator || undefined}
          options={type ? operatorsFor(type, kind).map((op) => ({ value: op, label: t(`risk.operators.${op}`) })) : []}
          onChange={(operator: string) =>
            onChange({ ...rule, operator, value: operator === 'IN' || operator === 'NOT_IN' ? [] : '' })
          }
        />
        <ValueInput
          name={rule.name}
          operator={rule.operator}
          value={rule.value}
          disabled={!rule.operator}
          label={`${label}: ${t('risk.value')}`}
          status={issueOf('value') ? 'error' : undefined}
          onChange={(value) => onChange({ ...rule, value })}
        />
        <Tooltip title={t('risk.removeRule')}>
          <Button
            icon={<DeleteOutlined />}
            aria-label={`${label}: ${t('risk.removeRule')}`}
            disabled={removeDisabled}
            onClick={onRemove}
          />
        </Tooltip>
      </Space>
      {problem && (
        <div role="alert" style={{ color: 'var(--ant-color-error, #cf1322)', fontSize: 12, marginTop: 2 }}>
          {problem}
        </div>
      )}
    </div>
  );
};
