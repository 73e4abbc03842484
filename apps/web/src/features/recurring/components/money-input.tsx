import { InputNumber, type InputNumberProps } from 'antd';
import { useFormat } from '../../../lib/use-format.ts';

/** An amount typed in major units (12,50) and held in minor units (1250) by the form. */
export const MoneyInput = ({ value, onChange, currency, ...rest }: { value?: number | null; onChange?: (minor: number | null) => void; currency?: string } & Omit<InputNumberProps<number>, 'value' | 'onChange'>) => {
  const { language } = useFormat();
  return (
    <InputNumber<number>
      {...rest}
      min={0}
      step={1}
      precision={2}
      decimalSeparator={language === 'nl' ? ',' : '.'}
      prefix={currency === 'EUR' || !currency ? '€' : currency}
      style={{ width: 180 }}
      value={value === null || value === undefined ? null : value / 100}
      onChange={(major) => onChange?.(major === null || major === undefined ? null : Math.round(major * 100))}
    />
  );
};
