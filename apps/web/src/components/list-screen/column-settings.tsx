import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnSettings } from './columns.ts';

type Item = { key: string; title: string; hidden: boolean };

/** Show, hide and order columns with buttons (keyboard-friendly, no dragging needed). */
export const ColumnSettingsButton = ({
  columns,
  onChange,
}: {
  columns: Item[];
  onChange: (settings: ColumnSettings | null) => void;
}) => {
  const { t } = useTranslation();
  const save = (items: Item[]) =>
    onChange({
      order: items.map((item) => item.key),
      hidden: items.filter((item) => item.hidden).map((item) => item.key),
    });
  const move = (index: number, delta: number) => {
    const next = [...columns];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item);
    save(next);
  };
  const visibleCount = columns.filter((column) => !column.hidden).length;
  const content = (
    <Space orientation="vertical" size={4} style={{ minWidth: 240 }}>
      {columns.map((column, index) => (
        <div key={column.key} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <Checkbox
            checked={!column.hidden}
            disabled={!column.hidden && visibleCount === 1}
            onChange={(event) =>
              save(columns.map((item) => (item.key === column.key ? { ...item, hidden: !event.target.checked } : item)))
            }
            style={{ flex: 1 }}
          >
            {column.title}
          </Checkbox>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={`${t('list.moveUp')}: ${column.title}`}
            disabled={index === 0}
            onClick={() => move(index, -1)}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={`${t('list.moveDown')}: ${column.title}`}
            disabled={index === columns.length - 1}
            onClick={() => move(index, 1)}
          />
        </div>
      ))}
      <Button size="small" onClick={() => onChange(null)}>
        {t('list.resetColumns')}
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('list.columnsTitle')} content={content}>
      <Tooltip title={t('list.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('list.columns')} />
      </Tooltip>
    </Popover>
  );
};
