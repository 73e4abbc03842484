import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Select, Space, Typography } from 'antd';
import { access, ZRulesetCreate, ZTagCreate, type TRulesetAction } from '@kassa/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { fieldPathOf, translateDetail } from '@/lib/form-errors.ts';
import { isProvider, useCan } from '@/lib/authorisation.ts';
import { ChangeNote, useNeedsApproval } from '@/components/change-note.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { isWaitingForApproval } from '@/lib/change-requests.ts';
import { organisationFor, useOrganisationScope } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { useBacktest } from '../api/backtest.ts';
import { useOrganisations } from '../api/get-choices.ts';
import { useAllTags } from '../api/get-tags.ts';
import { useSaveRuleset } from '../api/save-ruleset.ts';
import { useSaveTag } from '../api/save-tag.ts';
import { idOf, type RulesetRow } from '../api/types.ts';
import { BacktestPanel } from './backtest-panel.tsx';
import { translateRefusal, translateSchemaIssue } from './risk-messages.ts';
import { RuleRow, type DraftRule } from './rule-row.tsx';
import { TagFields, type TagDraft } from './tag-fields.tsx';
import { emptyRule } from './tree-ops.ts';
import { VersionHistory } from './version-history.tsx';
import { ColourTag } from '@/components/colour-tag.tsx';

const URL_HINT = 'https://';
/** The fields a refused save's detail is said on; what names none (a rule) is said above the form. */
const FIELDS = ['name', 'webhook_url', 'email', 'organisation', 'tag'];

type Draft = {
  name: string;
  webhook_url: string;
  email: string;
  organisation: string | null;
  tag: string | null;
  rules: DraftRule[];
};

/** Values are sent as strings, an empty amount as '0' (§5). */
const forSending = (rules: DraftRule[]) =>
  rules.map((rule) => (rule.name === 'amount' && rule.value === '' ? { ...rule, value: '0' } : rule));

/**
 * The ruleset form (§2.6, §4, §5): name, webhook URL (not for 3-D Secure), e-mail, organisation
 * (fixed once created), tag for tag rules with inline creation, the rules, a backtest and history.
 */
export const RulesetForm = ({
  action,
  ruleset,
  onClose,
}: {
  action: TRulesetAction;
  ruleset?: RulesetRow;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const { data: me } = useMe();
  const can = useCan();
  const [draft, setDraft] = useState<Draft>(() =>
    ruleset
      ? {
          name: ruleset.name,
          webhook_url: ruleset.webhook_url ?? '',
          email: ruleset.email ?? '',
          organisation: idOf(ruleset.organisation),
          tag: idOf(ruleset.tag),
          rules: ruleset.rules,
        }
      : {
          name: '',
          webhook_url: '',
          email: '',
          organisation: organisationFor(pathname),
          tag: null,
          rules: [emptyRule()],
        },
  );
  const [showErrors, setShowErrors] = useState(false);
  const [newTag, setNewTag] = useState<TagDraft | null>(null);
  const [history, setHistory] = useState(false);
  const organisations = useOrganisations(scope);
  const tags = useAllTags(scope);
  const save = useSaveRuleset();
  const saveTag = useSaveTag();
  const backtest = useBacktest();
  const body = {
    ...draft,
    action,
    rules: forSending(draft.rules),
    webhook_url: action === '3dSecure' ? '' : draft.webhook_url,
  };
  const parsed = ZRulesetCreate.safeParse(body);
  const issue = (field: string) => (showErrors ? parsed.error?.issues.find((i) => i.path[0] === field) : undefined);
  // A refused save says each detail on the field it names; the rest (the rules) above the form.
  const refusal = save.error instanceof ApiError ? save.error : null;
  // A changed draft drops the complaints of the last refusal.
  const { reset } = save;
  useEffect(() => reset(), [draft, reset]);
  const refusedOn = (field: string) =>
    (refusal?.details ?? [])
      .filter((detail) => fieldPathOf(detail.path)[0] === field)
      .map((d) => translateDetail(t, d));
  const unplaced = (refusal?.details ?? []).filter((detail) => !FIELDS.includes(fieldPathOf(detail.path)[0] ?? ''));
  const message = !save.error
    ? null
    : !refusal
      ? t('errors.unknown')
      : unplaced.length === 0 && refusal.details.length > 0
        ? null
        : translateRefusal(t, { code: refusal.code, details: unplaced });
  const help = (field: string) => {
    const found = issue(field);
    const refused = refusedOn(field);
    return found ? translateSchemaIssue(t, found) : refused.length > 0 ? refused.join(' ') : undefined;
  };
  const invalid = (field: string) => (issue(field) || refusedOn(field).length > 0 ? 'error' : undefined);
  const needsOrganisation = isProvider(me) && !ruleset;
  const needsApproval = useNeedsApproval('validationruleset', draft.organisation);
  const [note, setNote] = useState('');
  const [waiting, setWaiting] = useState<string | null>(null);
  const tagIssues = newTag ? (ZTagCreate.safeParse(newTag).error?.issues ?? []) : [];

  const submit = async () => {
    if (save.isPending) return;
    setShowErrors(true);
    if (!parsed.success || (needsOrganisation && !draft.organisation) || (needsApproval && !note.trim())) return;
    const { action: _action, organisation, ...update } = parsed.data;
    try {
      const saved = await save.mutateAsync(
        ruleset ? { id: ruleset.id, body: update, note } : { body: { ...parsed.data, organisation }, note },
      );
      // Under four eyes nothing changed yet: the form says so and stays open.
      if (isWaitingForApproval(saved)) setWaiting(saved.change_request);
      else onClose();
    } catch {
      // Shown below from save.error.
    }
  };
  const createTag = async () => {
    if (!newTag || tagIssues.length > 0) return;
    const tag = await saveTag.mutateAsync({ body: { ...newTag, organisation: draft.organisation } });
    setDraft({ ...draft, tag: tag.id });
    setNewTag(null);
  };
  const setRule = (index: number, rule: DraftRule) => {
    setDraft({ ...draft, rules: draft.rules.map((r, i) => (i === index ? rule : r)) });
    backtest.reset();
  };

  return (
    <FormDrawer
      size={760}
      onClose={onClose}
      title={ruleset ? t('risk.rulesets.editTitle', { name: ruleset.name }) : t(`risk.rulesets.newTitle.${action}`)}
      // The rules are no antd fields (a tree of drafts): the form keeps its own state and says a
      // refusal above it; the drawer's submit is disabled while the save runs.
      entity={{
        message,
        saving: save.isPending,
        submit,
      }}
      submitLabel={needsApproval ? t('changes.submit') : t('risk.save')}
      submitDisabled={Boolean(waiting)}
      actions={
        ruleset && (
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)}>
            {t('risk.history.open')}
          </Button>
        )
      }
    >
      <ChangeNote needed={needsApproval} note={note} onNote={setNote} showErrors={showErrors} waiting={waiting} />
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('risk.rulesets.fields.name')} required validateStatus={invalid('name')} help={help('name')}>
          <Input
            aria-label={t('risk.rulesets.fields.name')}
            maxLength={200}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </Form.Item>
        {action !== '3dSecure' && (
          <Form.Item
            label={t('risk.rulesets.fields.webhook_url')}
            validateStatus={invalid('webhook_url')}
            help={help('webhook_url')}
          >
            <Input
              aria-label={t('risk.rulesets.fields.webhook_url')}
              placeholder={URL_HINT}
              value={draft.webhook_url}
              onChange={(e) => setDraft({ ...draft, webhook_url: e.target.value })}
            />
          </Form.Item>
        )}
        <Form.Item label={t('risk.rulesets.fields.email')} validateStatus={invalid('email')} help={help('email')}>
          <Input
            aria-label={t('risk.rulesets.fields.email')}
            type="email"
            value={draft.email}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={t('risk.rulesets.fields.organisation')}
          required={needsOrganisation}
          validateStatus={showErrors && needsOrganisation && !draft.organisation ? 'error' : invalid('organisation')}
          help={help('organisation')}
        >
          <Select
            aria-label={t('risk.rulesets.fields.organisation')}
            disabled={Boolean(ruleset)}
            allowClear={!needsOrganisation}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('routing.form.ownOrganisation')}
            value={draft.organisation ?? undefined}
            options={(organisations.data ?? [])
              .filter((o) => o.type !== 'provider')
              .map((o) => ({ value: o.id, label: o.name }))}
            onChange={(organisation?: string) => setDraft({ ...draft, organisation: organisation ?? null })}
          />
        </Form.Item>
        {action === 'tag' && (
          <Form.Item label={t('risk.rulesets.fields.tag')} required validateStatus={invalid('tag')} help={help('tag')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap>
                <Select
                  aria-label={t('risk.rulesets.fields.tag')}
                  style={{ minWidth: 240 }}
                  showSearch={{ optionFilterProp: 'label' }}
                  value={draft.tag ?? undefined}
                  options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.text }))}
                  optionRender={(option) => (
                    <ColourTag colour={tags.data?.find((tag) => tag.id === option.value)?.colour}>
                      {option.label}
                    </ColourTag>
                  )}
                  onChange={(tag: string) => setDraft({ ...draft, tag })}
                />
                {can(access.tag.create) && !newTag && (
                  <Button icon={<PlusOutlined />} onClick={() => setNewTag({ text: '', colour: '#1677ff' })}>
                    {t('tags.create')}
                  </Button>
                )}
              </Space>
              {newTag && (
                <Space wrap align="start">
                  <TagFields
                    value={newTag}
                    onChange={setNewTag}
                    errors={{
                      text:
                        tagIssues.find((i) => i.path[0] === 'text') && newTag.text !== ''
                          ? t('risk.validation.required')
                          : undefined,
                    }}
                  />
                  <Button
                    type="primary"
                    disabled={tagIssues.length > 0}
                    loading={saveTag.isPending}
                    onClick={() => void createTag()}
                  >
                    {t('tags.add')}
                  </Button>
                  <Button onClick={() => setNewTag(null)}>{t('risk.cancel')}</Button>
                </Space>
              )}
            </Space>
          </Form.Item>
        )}
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('risk.rulesets.fields.rules')}
        </Typography.Title>
        {issue('rules') && typeof issue('rules')?.path[1] !== 'number' && (
          <Alert type="error" showIcon title={help('rules')} style={{ marginBottom: 8 }} />
        )}
        <Space direction="vertical" style={{ width: '100%' }}>
          {draft.rules.map((rule, i) => (
            <RuleRow
              key={i}
              kind="ruleset"
              label={t('risk.rulesets.rule', { n: i + 1 })}
              rule={rule}
              showErrors={showErrors}
              removeDisabled={draft.rules.length <= 1}
              onChange={(next) => setRule(i, next)}
              onRemove={() => setDraft({ ...draft, rules: draft.rules.filter((_, j) => j !== i) })}
            />
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => setDraft({ ...draft, rules: [...draft.rules, emptyRule()] })}
          >
            {t('risk.rulesets.addRule')}
          </Button>
        </Space>
      </Form>
      <div style={{ marginTop: 16 }}>
        <BacktestPanel
          result={backtest.data}
          pending={backtest.isPending}
          error={backtest.error}
          disabled={!parsed.success}
          labelOf={(key) => t(`risk.backtest.keys.${key}`)}
          onRun={() =>
            parsed.success &&
            backtest.mutate({
              path: 'validationruleset',
              body: {
                action,
                rules: parsed.data.rules,
                tag: parsed.data.tag,
                ruleset: ruleset?.id ?? null,
                organisation: ruleset ? null : draft.organisation,
              },
            })
          }
        />
      </div>
      {history && ruleset && (
        <VersionHistory
          path="validationruleset"
          id={ruleset.id}
          current={ruleset.version}
          canRollback={can(access.risk.rulesetUpdate)}
          onClose={() => setHistory(false)}
          onRolledBack={onClose}
        />
      )}
    </FormDrawer>
  );
};
