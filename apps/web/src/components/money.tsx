import { useFormat } from '@/lib/use-format.ts';

/** An amount in minor units, shown /100 with its currency in the user's locale. */
export const Money = ({ amount, currency }: { amount: number | null | undefined; currency?: string | null }) => {
  const format = useFormat();
  if (amount === null || amount === undefined) return null;
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{format.money(amount, currency)}</span>
  );
};
