import { Select } from 'antd';
import type { FilterProps } from './filter-props.ts';
import { useClearable } from '@/lib/use-clearable.ts';

/** Any-of filter on `{field}[]` (or a single value when `single`). */
export const SelectFilter = ({
  field,
  state,
  onChange,
  options,
  label,
  single = false,
  width = 200,
}: FilterProps & {
  field: string;
  options: { value: string; label: React.ReactNode }[];
  label: string;
  single?: boolean;
  width?: number;
}) => {
  const clearable = useClearable();
  const value = state.filters[field];
  return (
    <Select
      aria-label={label}
      placeholder={label}
      mode={single ? undefined : 'multiple'}
      allowClear={clearable}
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      value={single ? (value as string | undefined) : ((value as string[] | undefined) ?? [])}
      options={options}
      style={{ width }}
      onChange={(next: string | string[] | undefined) =>
        onChange({ [field]: Array.isArray(next) && next.length === 0 ? undefined : next })
      }
    />
  );
};
