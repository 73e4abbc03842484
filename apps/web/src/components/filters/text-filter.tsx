import { Input } from 'antd';
import { useEffect, useState } from 'react';
import type { FilterProps } from './filter-props.ts';

/** An exact-value filter (e.g. `merchant_reference`), applied on Enter or when left. */
export const TextFilter = ({
  field,
  state,
  onChange,
  label,
  width = 180,
}: FilterProps & { field: string; label: string; width?: number }) => {
  const current = (state.filters[field] as string | undefined) ?? '';
  const [draft, setDraft] = useState(current);
  useEffect(() => setDraft(current), [current]);
  const apply = () => draft.trim() !== current && onChange({ [field]: draft.trim() || undefined });
  return (
    <Input
      aria-label={label}
      placeholder={label}
      allowClear
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onPressEnter={apply}
      onBlur={apply}
      style={{ width }}
    />
  );
};
