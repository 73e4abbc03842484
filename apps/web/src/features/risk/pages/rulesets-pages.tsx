import { DeleteOutlined, EditOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Modal, Space, Spin, Typography } from 'antd';
import { access, type TRulesetAction } from '@kassa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCan } from '@/lib/authorisation.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useDeleteItem } from '../api/delete-item.ts';
import { useIsInherited } from '../api/get-choices.ts';
import { useRulesets } from '../api/get-rulesets.ts';
import { populated, type RulesetRow } from '../api/types.ts';
import { RuleText } from '../components/rule-text.tsx';
import { RulesetForm } from '../components/ruleset-form.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { ColourTag } from '@/components/colour-tag.tsx';

/**
 * A ruleset list screen (§2.6): cards with title, tag badge for tag rules, update and delete,
 * the rules; 'manage tags' for tag rules; 'No rulesets found.' when empty.
 */
const RulesetsScreen = ({ action }: { action: TRulesetAction }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const can = useCan();
  const rulesets = useRulesets(action, scope);
  const isInherited = useIsInherited(scope);
  const remove = useDeleteItem();
  const [modal, holder] = Modal.useModal();
  const [editing, setEditing] = useState<RulesetRow | 'new' | null>(null);
  const tagsHref = pathname.replace(/[^/]+$/, 'tags');
  const confirmDelete = (row: RulesetRow) =>
    modal.confirm({
      title: t('risk.rulesets.delete'),
      content: t('risk.rulesets.deleteConfirm', { name: row.name }),
      okText: t('risk.rulesets.delete'),
      okButtonProps: { danger: true },
      cancelText: t('risk.cancel'),
      onOk: () => remove.mutateAsync({ path: 'validationruleset', id: row.id }),
    });
  const rows = rulesets.data ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {holder}
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 12 }}
      >
        <PageTitle>{t(`risk.rulesets.title.${action}`)}</PageTitle>
        <Space wrap>
          {action === 'tag' && can(access.tag.list) && (
            <Link to={tagsHref}>
              <Button icon={<TagsOutlined />}>{t('risk.rulesets.manageTags')}</Button>
            </Link>
          )}
          {can(access.risk.rulesetCreate) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('risk.rulesets.create')}
            </Button>
          )}
        </Space>
      </div>
      {rulesets.isPending ? (
        <Spin>
          <div style={{ minHeight: 120 }} />
        </Spin>
      ) : rows.length === 0 ? (
        <Empty description={t('risk.rulesets.empty')} />
      ) : (
        <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
          {rows.map((row) => {
            const tag = populated(row.tag);
            const inherited = isInherited(row.organisation);
            return (
              <Card
                key={row.id}
                size="small"
                title={
                  <Space wrap>
                    {row.name}
                    {tag && <ColourTag colour={tag.colour}>{tag.text}</ColourTag>}
                  </Space>
                }
                extra={
                  <Space>
                    {can(access.risk.rulesetUpdate) && !inherited && (
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`${t('risk.rulesets.edit')} ${row.name}`}
                        onClick={() => setEditing(row)}
                      />
                    )}
                    {can(access.risk.rulesetDelete) && !inherited && (
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('risk.rulesets.delete')} ${row.name}`}
                        onClick={() => confirmDelete(row)}
                      />
                    )}
                  </Space>
                }
              >
                <Typography.Text type="secondary">
                  {inherited ? t('risk.rulesets.inherited') : populated(row.organisation)?.name}
                </Typography.Text>
                <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
                  {row.rules.map((rule, i) => (
                    <li key={i}>
                      <RuleText rule={rule} />
                    </li>
                  ))}
                </ul>
              </Card>
            );
          })}
        </div>
      )}
      {editing && (
        <RulesetForm
          action={action}
          ruleset={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Space>
  );
};

/** `/riskrules` and `/psp/riskrules`: block rules. */
export const RiskRulesPage = () => <RulesetsScreen action="block" />;
/** `/tagrules` and `/psp/tagrules`. */
export const TagRulesPage = () => <RulesetsScreen action="tag" />;
/** `/3dsecure` and `/psp/3dsecure`. */
export const ThreeDSecurePage = () => <RulesetsScreen action="3dSecure" />;
/** `/reviewrules` and `/psp/reviewrules`: payments to hold for a person's review (issue 36). */
export const ReviewRulesPage = () => <RulesetsScreen action="review" />;
