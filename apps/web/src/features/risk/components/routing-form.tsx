import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Grid, Input, Modal, Select, Space, Typography } from 'antd';
import { access, PAYMENT_PRODUCTS, unroutableOf, ZRoutingCreate } from '@kassa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ChangeNote, useNeedsApproval } from '@/components/change-note.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { isWaitingForApproval } from '@/lib/change-requests.ts';
import { useCan, isProvider } from '@/lib/authorisation.ts';
import { organisationFor, useOrganisationScope } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { useBacktest } from '../api/backtest.ts';
import { useOrganisations, usePaymentProfiles, useProcessors } from '../api/get-choices.ts';
import { useSaveRouting } from '../api/save-routing.ts';
import { idOf, type RoutingRow } from '../api/types.ts';
import { BacktestPanel } from './backtest-panel.tsx';
import { placeRoutingRefusal, translateSchemaIssue } from './risk-messages.ts';
import { TreeEditor } from './tree-editor.tsx';
import { asRoutingNode, branchKeys, newRoutingTree, type DraftNode } from './tree-ops.ts';
import { VersionHistory } from './version-history.tsx';

type Draft = { name: string; organisation: string | null; payment_product: string | null; tree: DraftNode };

const draftOf = (routing: RoutingRow | undefined, organisation: string | null): Draft =>
  routing
    ? {
        name: routing.name,
        organisation: idOf(routing.organisation),
        payment_product: routing.payment_product,
        tree: routing.details as DraftNode,
      }
    : { name: '', organisation, payment_product: null, tree: newRoutingTree() };

/**
 * The routing edit screen (§2.4, §5) in a 1200 px modal: name, organisation, payment product,
 * the tree editor once a product is chosen, a backtest, Save and Undo, Go back.
 */
export const RoutingForm = ({ routing }: { routing?: RoutingRow }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const { data: me } = useMe();
  const can = useCan();
  const screens = Grid.useBreakpoint();
  const [initial] = useState(() => draftOf(routing, organisationFor(pathname)));
  const [draft, setDraft] = useState<Draft>(initial);
  const [done, setDone] = useState<Set<string>>(() => new Set(routing ? branchKeys(initial.tree) : []));
  const [showErrors, setShowErrors] = useState(false);
  const [history, setHistory] = useState(false);
  const processors = useProcessors(draft.payment_product);
  const organisations = useOrganisations(scope);
  const profiles = usePaymentProfiles(scope);
  // Unroutable endpoints of the draft, by the rule the server's detail uses (domain `unroutableOf`);
  // an endpoint not of this product is already marked invalid by the editor itself.
  const unroutable =
    processors.data && profiles.data && draft.payment_product
      ? unroutableOf(
          { id: routing?.id, payment_product: draft.payment_product, details: asRoutingNode(draft.tree) },
          processors.data,
          profiles.data,
        ).filter((u) => u.reason !== 'unknown' && u.reason !== 'wrong_product')
      : [];
  const profileName = (id: string) => profiles.data?.find((p) => p.id === id)?.name ?? id;
  const save = useSaveRouting();
  const backtest = useBacktest();
  const [modal, holder] = Modal.useModal();
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const back = () => navigate(pathname.replace(/\/[^/]+$/, ''));
  const body = {
    name: draft.name,
    organisation: draft.organisation,
    payment_product: draft.payment_product,
    details: draft.tree,
  };
  const parsed = ZRoutingCreate.safeParse(body);
  const fieldError = (field: string) =>
    showErrors ? parsed.error?.issues.find((issue) => issue.path[0] === field) : undefined;
  const nameError = fieldError('name');
  // A refused save: every detail on the tree node or field its path names (not only the first).
  const refusal =
    save.error instanceof ApiError
      ? placeRoutingRefusal(t, save.error, ['name', 'organisation', 'payment_product'])
      : save.error && {
          nodes: new Map<string, string[]>(),
          fields: new Map<string, string[]>(),
          message: t('errors.unknown'),
        };
  const serverError = (field: string) => refusal?.fields.get(field)?.join(' · ');
  const needsOrganisation = isProvider(me) && !routing;
  const needsApproval = useNeedsApproval('routing', routing ? idOf(routing.organisation) : draft.organisation);
  const [note, setNote] = useState('');
  const [waiting, setWaiting] = useState<string | null>(null);

  const submit = async () => {
    setShowErrors(true);
    if (!parsed.success || (needsOrganisation && !draft.organisation) || (needsApproval && !note.trim())) return;
    const { organisation, ...update } = parsed.data;
    try {
      const saved = await save.mutateAsync(
        routing ? { id: routing.id, body: update, note } : { body: { ...update, organisation }, note },
      );
      // Under four eyes nothing changed yet: the editor says so and stays open.
      if (isWaitingForApproval(saved)) setWaiting(saved.change_request);
      else back();
    } catch {
      // Shown below from save.error.
    }
  };
  const undo = () =>
    modal.confirm({
      title: t('routing.form.undo'),
      content: t('routing.form.undoConfirm'),
      okText: t('routing.form.undo'),
      cancelText: t('risk.cancel'),
      onOk: () => {
        setDraft(initial);
        setDone(new Set(routing ? branchKeys(initial.tree) : []));
        setShowErrors(false);
      },
    });
  const runBacktest = () =>
    parsed.success &&
    backtest.mutate({
      path: 'routing',
      body: {
        payment_product: parsed.data.payment_product,
        details: parsed.data.details,
        routing: routing?.id ?? null,
        organisation: routing ? null : draft.organisation,
      },
    });
  const processorName = (id: string) =>
    id === 'unrouted' ? t('routing.unrouted') : (processors.data?.find((p) => p.id === id)?.name ?? id);

  return (
    <Modal
      open
      width={screens.md ? 1200 : undefined}
      onCancel={back}
      footer={null}
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {routing ? t('routing.form.editTitle', { name: routing.name }) : t('routing.form.newTitle')}
        </Typography.Title>
      }
      closable={{ 'aria-label': t('detail.close') }}
      destroyOnHidden
    >
      {holder}
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Link to={pathname.replace(/\/[^/]+$/, '')}>
          <ArrowLeftOutlined /> {t('routing.form.goBack')}
        </Link>
        <Form layout="vertical" onFinish={() => void submit()}>
          <Space wrap align="start">
            <Form.Item
              label={t('routing.fields.name')}
              required
              validateStatus={nameError || serverError('name') ? 'error' : undefined}
              help={nameError ? translateSchemaIssue(t, nameError) : serverError('name')}
            >
              <Input
                aria-label={t('routing.fields.name')}
                style={{ width: 320 }}
                maxLength={200}
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </Form.Item>
            <Form.Item
              label={t('routing.fields.organisation')}
              required={needsOrganisation}
              validateStatus={
                (showErrors && needsOrganisation && !draft.organisation) || serverError('organisation')
                  ? 'error'
                  : undefined
              }
              help={serverError('organisation')}
            >
              <Select
                aria-label={t('routing.fields.organisation')}
                style={{ width: 280 }}
                disabled={Boolean(routing)}
                allowClear={!needsOrganisation}
                showSearch={{ optionFilterProp: 'label' }}
                loading={organisations.isPending}
                placeholder={t('routing.form.ownOrganisation')}
                value={draft.organisation ?? undefined}
                options={(organisations.data ?? [])
                  .filter((o) => o.type !== 'provider')
                  .map((o) => ({ value: o.id, label: o.name }))}
                onChange={(organisation?: string) => setDraft({ ...draft, organisation: organisation ?? null })}
              />
            </Form.Item>
            <Form.Item
              label={t('routing.fields.payment_product')}
              required
              validateStatus={fieldError('payment_product') || serverError('payment_product') ? 'error' : undefined}
              help={serverError('payment_product')}
            >
              <Select
                aria-label={t('routing.fields.payment_product')}
                style={{ width: 240 }}
                showSearch={{ optionFilterProp: 'label' }}
                value={draft.payment_product ?? undefined}
                options={PAYMENT_PRODUCTS.map((p) => ({ value: p, label: t(`paymentProducts.${p}`) }))}
                onChange={(payment_product: string) => {
                  // A new product discards the tree (§4): its processors are not this product's.
                  setDraft({ ...draft, payment_product, tree: newRoutingTree() });
                  setDone(new Set());
                  backtest.reset();
                }}
              />
            </Form.Item>
          </Space>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('routing.form.conditions')}
          </Typography.Title>
          {draft.payment_product ? (
            <TreeEditor
              tree={draft.tree}
              processors={processors.data ?? []}
              done={done}
              showErrors={showErrors}
              unroutable={unroutable}
              profileName={profileName}
              nodeErrors={refusal?.nodes}
              onChange={(tree, nextDone) => {
                setDraft({ ...draft, tree });
                setDone(nextDone);
                backtest.reset();
              }}
            />
          ) : (
            <Alert type="info" showIcon title={t('routing.form.selectProductFirst')} />
          )}
        </Form>
        {showErrors && !parsed.success && (
          <Alert type="error" showIcon title={t('routing.form.fixErrors', { count: parsed.error.issues.length })} />
        )}
        {refusal?.message && <Alert type="error" showIcon title={refusal.message} />}
        <BacktestPanel
          result={backtest.data}
          pending={backtest.isPending}
          error={backtest.error}
          disabled={!parsed.success}
          onRun={runBacktest}
          labelOf={processorName}
        />
        <ChangeNote needed={needsApproval} note={note} onNote={setNote} showErrors={showErrors} waiting={waiting} />
        <Space wrap>
          <Button type="primary" loading={save.isPending} disabled={Boolean(waiting)} onClick={() => void submit()}>
            {needsApproval ? t('changes.submit') : t('routing.form.save')}
          </Button>
          <Button disabled={!dirty} onClick={undo}>
            {t('routing.form.undo')}
          </Button>
          {routing && (
            <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)}>
              {t('risk.history.open')}
            </Button>
          )}
        </Space>
      </Space>
      {history && routing && (
        <VersionHistory
          path="routing"
          id={routing.id}
          current={routing.version}
          canRollback={can(access.risk.routingUpdate)}
          onClose={() => setHistory(false)}
          onRolledBack={back}
        />
      )}
    </Modal>
  );
};
