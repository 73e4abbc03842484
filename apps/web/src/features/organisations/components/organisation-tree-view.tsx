import { PlusOutlined } from '@ant-design/icons';
import type { TOrganisation } from '@kassa/domain';
import { Button, Space, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  organisations: TOrganisation[];
  selected: string | null;
  canCreate: boolean;
  onSelect: (id: string) => void;
  onAdd: (parentId: string) => void;
};

/** The organisation tree with collapse toggles, and 'add organisation' under each node (risk-config.md §2.8). */
export const OrganisationTreeView = ({ organisations, selected, canCreate, onSelect, onAdd }: Props) => {
  const { t } = useTranslation();
  const treeData = useMemo(() => {
    const ids = new Set(organisations.map((org) => org.id));
    const childrenOf = (parent: string | null): TreeDataNode[] =>
      organisations
        .filter((org) => (parent === null ? !org.parent || !ids.has(org.parent) : org.parent === parent))
        .map((org) => {
          const children = childrenOf(org.id);
          const add: TreeDataNode[] = canCreate
            ? [
                {
                  key: `add:${org.id}`,
                  selectable: false,
                  isLeaf: true,
                  title: (
                    <Button
                      size="small"
                      type="link"
                      icon={<PlusOutlined />}
                      onClick={(event) => {
                        event.stopPropagation();
                        onAdd(org.id);
                      }}
                    >
                      {t('organisations.addBelow')}
                    </Button>
                  ),
                },
              ]
            : [];
          return { key: org.id, title: <Space size={4}>{org.name}</Space>, children: [...children, ...add] };
        });
    return childrenOf(null);
  }, [organisations, canCreate, onAdd, t]);
  return (
    <Tree
      // Remounted when an organisation is added, so the new one shows expanded like the rest.
      key={organisations.length}
      treeData={treeData}
      defaultExpandAll
      showLine
      blockNode
      selectedKeys={selected ? [selected] : []}
      onSelect={(keys) => keys[0] && !String(keys[0]).startsWith('add:') && onSelect(String(keys[0]))}
      aria-label={t('organisations.tree')}
    />
  );
};
