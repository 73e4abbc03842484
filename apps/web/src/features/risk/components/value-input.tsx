import { InputNumber, Input, Select } from 'antd';
import { ruleTypeOf } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/use-format.ts';
import { useMccList } from '../api/get-choices.ts';
import { choicesFor } from './rule-choices.ts';

type Props = {
  name: string;
  operator: string;
  value: string | string[];
  onChange: (value: string | string[]) => void;
  disabled: boolean;
  label: string;
  status?: 'error';
};

const toNumber = (value: string | string[]) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : null;

/**
 * The value input of a rule by its type (risk-config.md §5 table): boolean, currency amount
 * (typed in major units, sent as cents), text, select, number, percentage 0–100; IN and NOT_IN
 * take several values. Values are strings, as the server receives them.
 */
export const ValueInput = ({ name, operator, value, onChange, disabled, label, status }: Props) => {
  const { t } = useTranslation();
  const { language } = useFormat();
  const type = ruleTypeOf(name);
  const multiple = operator === 'IN' || operator === 'NOT_IN';
  const mcc = useMccList(name === 'mcc');
  const common = { 'aria-label': label, disabled, status, style: { minWidth: 200 } } as const;
  if (type === 'select' || type === 'boolean') {
    const options =
      type === 'boolean'
        ? [
            { value: 'true', label: t('risk.yes') },
            { value: 'false', label: t('risk.no') },
          ]
        : choicesFor(name, language, t, mcc.data);
    return (
      <Select
        {...common}
        style={{ minWidth: 240, maxWidth: 420 }}
        mode={multiple ? 'multiple' : undefined}
        showSearch={{ optionFilterProp: 'label' }}
        loading={name === 'mcc' && mcc.isPending}
        options={options}
        value={
          multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' && value !== '' ? value : undefined
        }
        onChange={(next: string | string[]) => onChange(next ?? '')}
        placeholder={t('risk.choose')}
      />
    );
  }
  if (multiple) {
    return (
      <Select
        {...common}
        mode="tags"
        open={false}
        tokenSeparators={[',', ' ']}
        value={Array.isArray(value) ? value : []}
        onChange={(next: string[]) => onChange(next)}
        placeholder={t('risk.typeValues')}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (type === 'amount') {
    const cents = toNumber(text);
    return (
      <InputNumber<number>
        {...common}
        min={0}
        precision={2}
        decimalSeparator={language === 'nl' ? ',' : '.'}
        prefix="€"
        value={cents === null ? null : cents / 100}
        onChange={(major) => onChange(major === null || major === undefined ? '' : String(Math.round(major * 100)))}
      />
    );
  }
  if (type === 'number' || type === 'percentage') {
    return (
      <InputNumber<number>
        {...common}
        min={0}
        max={type === 'percentage' ? 100 : undefined}
        precision={type === 'percentage' ? 2 : 0}
        suffix={type === 'percentage' ? '%' : undefined}
        value={toNumber(text)}
        onChange={(next) => onChange(next === null || next === undefined ? '' : String(next))}
      />
    );
  }
  return <Input {...common} value={text} maxLength={64} onChange={(event) => onChange(event.target.value)} />;
};
