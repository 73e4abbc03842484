import { CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tag, Typography } from 'antd';
import { routingTreeIssues, type Rule, type TUnroutable } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import type { ProcessorChoice } from '../api/types.ts';
import { RuleRow, type DraftRule } from './rule-row.tsx';
import { RuleText } from './rule-text.tsx';
import { UnroutableNote } from './unroutable-note.tsx';
import {
  asRoutingNode,
  branchWithCondition,
  emptyRule,
  keyOf,
  keysUnder,
  nodeAt,
  replaceAt,
  type DraftNode,
  type TreePath,
} from './tree-ops.ts';
import styles from './tree-editor.module.css';

type Props = {
  tree: DraftNode;
  processors: ProcessorChoice[];
  done: ReadonlySet<string>;
  showErrors: boolean;
  /** Endpoints payments could not be sent to, and why (risk-config.md §5, §8), said beside each. */
  unroutable: readonly TUnroutable[];
  profileName: (id: string) => string;
  /** A refused save's details by the key of the tree node their path names (every one, not the first). */
  nodeErrors?: ReadonlyMap<string, readonly string[]>;
  onChange: (tree: DraftNode, done: Set<string>) => void;
};

const pathLabel = (t: (key: string) => string, path: TreePath) =>
  path.length === 0 ? t('routing.tree.root') : path.map((b) => t(`routing.tree.${b}`)).join(' › ');

/**
 * The routing tree editor (risk-config.md §2.5, §4): each node an `if` with `then` and `else`,
 * each child a further condition or a processor; nodes are marked done, edited again or removed,
 * and coloured (and labelled) valid or not. Everything is a button or select, so the keyboard
 * alone builds a tree.
 */
export const TreeEditor = ({
  tree,
  processors,
  done,
  showErrors,
  unroutable,
  profileName,
  nodeErrors = new Map(),
  onChange,
}: Props) => {
  const { t } = useTranslation();
  // A switched-off processor stays choosable (it may be switched on again) but says so.
  const options = processors.map((p) => ({
    value: p.id,
    label: p.active ? p.name : `${p.name} (${t('routing.unroutable.inactive')})`,
  }));
  const set = (path: TreePath, node: DraftNode, nextDone: Set<string> = new Set(done)) =>
    onChange(replaceAt(tree, path, node), nextDone);
  const remove = (path: TreePath) => {
    const nextDone = new Set(done);
    keysUnder(tree, path).forEach((key) => nextDone.delete(key));
    set(path, null, nextDone);
  };
  const toggleDone = (path: TreePath, value: boolean) => {
    const nextDone = new Set(done);
    if (value) nextDone.add(keyOf(path));
    else nextDone.delete(keyOf(path));
    onChange(tree, nextDone);
  };

  const renderNode = (path: TreePath): React.ReactNode => {
    const node = nodeAt(tree, path);
    const label = pathLabel(t, path);
    const refused = nodeErrors.get(keyOf(path)) ?? [];
    const valid = routingTreeIssues(asRoutingNode(node)).length === 0 && refused.length === 0;
    const refusal = refused.length > 0 && (
      <Typography.Text type="danger" role="alert" className={styles.refusal}>
        {refused.join(' · ')}
      </Typography.Text>
    );
    const validity = (
      <Tag color={valid ? 'success' : 'error'} className={styles.validity}>
        {valid ? t('routing.tree.valid') : t('routing.tree.invalid')}
      </Tag>
    );
    if (node === null || node === '') {
      return (
        <div
          className={`${styles.node} ${styles.empty} ${showErrors ? styles.invalid : ''}`}
          role="group"
          aria-label={label}
        >
          <Typography.Text type="secondary">{t('routing.tree.emptyBranch')}</Typography.Text>
          {refusal}
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={() => set(path, branchWithCondition())}>
              {t('routing.tree.addCondition')}
            </Button>
            <Select
              aria-label={`${label}: ${t('routing.tree.processor')}`}
              placeholder={t('routing.tree.chooseProcessor')}
              style={{ minWidth: 240 }}
              showSearch={{ optionFilterProp: 'label' }}
              options={options}
              onChange={(id: string) => set(path, id)}
            />
          </Space>
        </div>
      );
    }
    if (typeof node === 'string') {
      const known = processors.some((p) => p.id === node);
      return (
        <div
          className={`${styles.node} ${styles.endpoint} ${valid && known ? styles.valid : styles.invalid}`}
          role="group"
          aria-label={label}
        >
          <Space wrap>
            <Typography.Text strong>{t('routing.tree.sendTo')}</Typography.Text>
            <Select
              aria-label={`${label}: ${t('routing.tree.processor')}`}
              style={{ minWidth: 240 }}
              showSearch={{ optionFilterProp: 'label' }}
              status={known ? undefined : 'error'}
              value={node}
              options={options}
              onChange={(id: string) => set(path, id)}
            />
            <UnroutableNote processor={node} unroutable={unroutable} profileName={profileName} />
            {refusal}
            <Button
              icon={<DeleteOutlined />}
              aria-label={`${label}: ${t('routing.tree.remove')}`}
              onClick={() => remove(path)}
            >
              {t('routing.tree.remove')}
            </Button>
          </Space>
        </div>
      );
    }
    const isDone = done.has(keyOf(path));
    const ownIssues = node.if.flatMap((rule) => routingTreeIssuesOfRule(rule));
    const setRule = (index: number, rule: DraftRule) =>
      set(path, { ...node, if: node.if.map((r, i) => (i === index ? rule : r)) });
    return (
      <div className={`${styles.node} ${valid ? styles.valid : styles.invalid}`} role="group" aria-label={label}>
        <div className={styles.header}>
          <Typography.Text strong>{t('routing.tree.if')}</Typography.Text>
          {validity}
          <Space>
            {isDone ? (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`${label}: ${t('routing.tree.edit')}`}
                onClick={() => toggleDone(path, false)}
              >
                {t('routing.tree.edit')}
              </Button>
            ) : (
              <Button
                size="small"
                type="primary"
                icon={<CheckOutlined />}
                aria-label={`${label}: ${t('routing.tree.done')}`}
                disabled={ownIssues.length > 0}
                onClick={() => toggleDone(path, true)}
              >
                {t('routing.tree.done')}
              </Button>
            )}
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${label}: ${t('routing.tree.remove')}`}
              onClick={() => remove(path)}
            >
              {t('routing.tree.remove')}
            </Button>
          </Space>
        </div>
        {refusal}
        {isDone ? (
          <ul className={styles.conditions}>
            {node.if.map((rule, i) => (
              <li key={i}>
                {i > 0 && <Typography.Text type="secondary">{t('routing.tree.and')} </Typography.Text>}
                <RuleText rule={rule as Rule} />
              </li>
            ))}
          </ul>
        ) : (
          <div className={styles.conditions}>
            {node.if.map((rule, i) => (
              <RuleRow
                key={i}
                kind="routing"
                label={`${label} ${t('routing.tree.condition', { n: i + 1 })}`}
                rule={rule}
                showErrors={showErrors}
                removeDisabled={node.if.length <= 1}
                onChange={(next) => setRule(i, next)}
                onRemove={() => set(path, { ...node, if: node.if.filter((_, j) => j !== i) })}
              />
            ))}
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => set(path, { ...node, if: [...node.if, emptyRule()] })}
            >
              {t('routing.tree.andCondition')}
            </Button>
          </div>
        )}
        <div className={styles.children}>
          <div className={styles.child}>
            <Typography.Text className={styles.branchLabel}>{t('routing.tree.then')}</Typography.Text>
            {renderNode([...path, 'then'])}
          </div>
          <div className={styles.child}>
            <Typography.Text className={styles.branchLabel}>{t('routing.tree.else')}</Typography.Text>
            {renderNode([...path, 'else'])}
          </div>
        </div>
      </div>
    );
  };
  return <div className={styles.tree}>{renderNode([])}</div>;
};

const routingTreeIssuesOfRule = (rule: DraftRule) => routingTreeIssues({ if: [rule as Rule], then: 'x', else: 'x' });
