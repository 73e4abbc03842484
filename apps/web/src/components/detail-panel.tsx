import { Descriptions, Drawer, Result, Skeleton, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type DetailTab = { key: string; label: string; children: ReactNode; hidden?: boolean };

/**
 * The panel a row click opens: a drawer with tabs, loading and not-found states. The chosen tab is
 * kept here, so a reload of the row (its scope becoming known, a refetch) does not send the person
 * back to the first tab they did not ask for.
 */
export const DetailPanel = ({
  title,
  open,
  loading,
  notFound,
  tabs,
  onClose,
  extra,
}: {
  title: ReactNode;
  open: boolean;
  loading: boolean;
  notFound: boolean;
  tabs: DetailTab[];
  onClose: () => void;
  extra?: ReactNode;
}) => {
  const { t } = useTranslation();
  const [activeKey, setActiveKey] = useState<string>();
  const visible = tabs.filter((tab) => !tab.hidden);
  const active = visible.some((tab) => tab.key === activeKey) ? activeKey : visible[0]?.key;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={640}
      destroyOnHidden
      extra={extra}
      closable={{ 'aria-label': t('detail.close') }}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : notFound ? (
        <Result status="404" subTitle={t('detail.notFound')} />
      ) : (
        <Tabs
          activeKey={active}
          onChange={setActiveKey}
          items={visible.map(({ key, label, children }) => ({ key, label, children }))}
        />
      )}
    </Drawer>
  );
};

export type DetailField = { label: string; value: ReactNode; span?: number };

/** Label/value pairs of a detail tab; empty values show a dash. */
export const DetailFields = ({ fields }: { fields: DetailField[] }) => {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={fields.map((field, index) => ({
        key: index,
        label: field.label,
        children:
          field.value === null || field.value === undefined || field.value === '' ? t('detail.none') : field.value,
      }))}
    />
  );
};
