import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, List, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: the success alert after adding a processor or middleware shows for 3 seconds. */
export const ADDED_ALERT_MS = 3000;

type Option = { id: string; name: string; tag?: string | null };

/** The processors or middleware of a profile: listed with Remove, and an Add picker (a form control). */
export const AssignedList = ({
  value = [],
  onChange,
  options,
  label,
  addedMessage,
  disabled,
}: {
  value?: string[];
  onChange?: (next: string[]) => void;
  options: Option[];
  label: string;
  addedMessage: string;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | undefined>();
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), ADDED_ALERT_MS);
    return () => clearTimeout(timer);
  }, [added]);
  const byId = new Map(options.map((o) => [o.id, o]));
  const add = () => {
    if (!picked) return;
    onChange?.([...value, picked]);
    setPicked(undefined);
    setAdded(true);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {added && <Alert type="success" showIcon title={addedMessage} role="status" />}
      <List
        bordered
        size="small"
        locale={{ emptyText: t('paymentProfiles.noneAssigned') }}
        dataSource={value}
        renderItem={(id) => (
          <List.Item
            actions={
              disabled
                ? []
                : [
                    <Button
                      key="remove"
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('paymentProfiles.remove', { name: byId.get(id)?.name ?? id })}
                      onClick={() => onChange?.(value.filter((v) => v !== id))}
                    />,
                  ]
            }
          >
            <Space>
              {byId.get(id)?.name ?? id}
              {byId.get(id)?.tag && <Tag>{byId.get(id)?.tag}</Tag>}
            </Space>
          </List.Item>
        )}
      />
      {!disabled && (
        <Space.Compact style={{ width: '100%' }}>
          <Select
            aria-label={label}
            placeholder={label}
            showSearch
            optionFilterProp="label"
            value={picked}
            onChange={setPicked}
            style={{ width: '100%' }}
            options={options
              .filter((o) => !value.includes(o.id))
              .map((o) => ({ value: o.id, label: o.tag ? `${o.name} (${o.tag})` : o.name }))}
          />
          <Button icon={<PlusOutlined />} onClick={add} disabled={!picked}>
            {t('paymentProfiles.add')}
          </Button>
        </Space.Compact>
      )}
    </Space>
  );
};
