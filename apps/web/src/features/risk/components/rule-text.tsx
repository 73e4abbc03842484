import { ruleTypeOf, type Rule } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/use-format.ts';

/** A rule in words: "Amount > € 100,00", "Country in NL, BE". */
export const RuleText = ({ rule }: { rule: Rule }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const type = ruleTypeOf(rule.name);
  const show = (v: string) =>
    type === 'amount'
      ? format.money(Number(v || 0), 'EUR')
      : type === 'boolean'
        ? t(v === 'true' ? 'risk.yes' : 'risk.no')
        : type === 'percentage'
          ? `${v}%`
          : v === ''
            ? t('risk.empty')
            : v;
  const values = Array.isArray(rule.value) ? rule.value.map(show).join(', ') : show(rule.value);
  return (
    <span>
      {t(`risk.rules.${rule.name}`, { defaultValue: rule.name })}{' '}
      <strong>{t(`risk.operators.${rule.operator}`, { defaultValue: rule.operator })}</strong> {values}
    </span>
  );
};
