import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Descriptions, Empty, Modal, Space, Spin, Typography } from 'antd';
import { DetailDrawer } from '@/components/form-drawer.tsx';
import { access, type Rule, type RoutingNode, type TUnroutable } from '@kassa/domain';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useDeleteItem } from '../api/delete-item.ts';
import { usePaymentProfiles, useProcessors } from '../api/get-choices.ts';
import { useRouting, useRoutings } from '../api/get-routings.ts';
import { idOf, populated, type RoutingRow } from '../api/types.ts';
import { RoutingForm } from '../components/routing-form.tsx';
import { useRiskLinks } from '../components/risk-links.ts';
import { RuleText } from '../components/rule-text.tsx';
import { UnroutableNote } from '../components/unroutable-note.tsx';
import { VersionHistory } from '../components/version-history.tsx';
import { PageTitle } from '@/components/page-title.tsx';

type TreeViewProps = { node: RoutingNode; nameOf: (id: string) => string; note?: (id: string) => ReactNode };

/** A saved tree, read-only: if … then … else, processors by name (with `note`, e.g. why one is unroutable). */
const TreeView = ({ node, nameOf, note }: TreeViewProps) => {
  const { t } = useTranslation();
  if (node === null || node === '')
    return <Typography.Text type="secondary">{t('routing.tree.emptyBranch')}</Typography.Text>;
  if (typeof node === 'string')
    return (
      <span>
        <Typography.Text strong>→ {nameOf(node)}</Typography.Text>
        {note?.(node)}
      </span>
    );
  return (
    <div style={{ paddingInlineStart: 12, borderInlineStart: '2px solid var(--ant-color-border, #d9d9d9)' }}>
      <div>
        <Typography.Text strong>{t('routing.tree.if')} </Typography.Text>
        {node.if.map((rule: Rule, i: number) => (
          <span key={i}>
            {i > 0 && ` ${t('routing.tree.and')} `}
            <RuleText rule={rule} />
          </span>
        ))}
      </div>
      <div>
        <Typography.Text type="secondary">{t('routing.tree.then')} </Typography.Text>
        <TreeView node={node.then} nameOf={nameOf} note={note} />
      </div>
      <div>
        <Typography.Text type="secondary">{t('routing.tree.else')} </Typography.Text>
        <TreeView node={node.else} nameOf={nameOf} note={note} />
      </div>
    </div>
  );
};

/** A link where the user may open the target, else the plain text. */
const LinkOrText = ({ href, children }: { href: string | null; children: ReactNode }) =>
  href ? <Link to={href}>{children}</Link> : <Fragment>{children}</Fragment>;

const useProcessorNames = () => {
  const processors = useProcessors();
  return (id: string) => processors.data?.find((p) => p.id === id)?.name ?? id;
};

/** `/intelligent-routing` (risk-config.md §2.3): collapsible cards, side detail, empty and loading states. */
export const RoutingsPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const scope = useOrganisationScope(pathname);
  const can = useCan();
  const routings = useRoutings(scope);
  const nameOf = useProcessorNames();
  const profiles = usePaymentProfiles(scope);
  const profileName = (id: string) => profiles.data?.find((p) => p.id === id)?.name ?? id;
  const links = useRiskLinks();
  const noteOf = (unroutable: readonly TUnroutable[]) => (id: string) => (
    <UnroutableNote processor={id} unroutable={unroutable} profileName={profileName} />
  );
  const remove = useDeleteItem();
  const [modal, holder] = Modal.useModal();
  const [detail, setDetail] = useState<RoutingRow | null>(null);
  const [history, setHistory] = useState<RoutingRow | null>(null);
  const list = pathname.replace(/\/intelligent-routing(\/.*)?$/, '/intelligent-routing');
  const rows = routings.data ?? [];
  const confirmDelete = (row: RoutingRow) =>
    modal.confirm({
      title: t('routing.delete'),
      content: t('routing.deleteConfirm', { name: row.name }),
      okText: t('routing.delete'),
      okButtonProps: { danger: true },
      cancelText: t('risk.cancel'),
      onOk: () => remove.mutateAsync({ path: 'routing', id: row.id }),
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {holder}
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 12 }}
      >
        <PageTitle>{t('routing.title')}</PageTitle>
        {can(access.risk.routingCreate) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${list}/new`)}>
            {t('routing.create')}
          </Button>
        )}
      </div>
      {routings.isPending ? (
        <Spin tip={t('routing.loading')}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      ) : rows.length === 0 ? (
        <Empty description={t('routing.empty')} />
      ) : (
        <Collapse
          // Only the arrow toggles: the header holds buttons of its own, and a button inside the
          // header's button would be unreachable for assistive technology (axe nested-interactive).
          collapsible="icon"
          defaultActiveKey={rows.length === 1 ? [rows[0].id] : []}
          items={rows.map((row) => ({
            key: row.id,
            label: `${row.name} - ${t(`paymentProducts.${row.payment_product}`, { defaultValue: row.payment_product })}`,
            extra: (
              <Space onClick={(event) => event.stopPropagation()}>
                <Button size="small" onClick={() => setDetail(row)}>
                  {t('routing.details')}
                </Button>
                {can(access.risk.routingUpdate) && (
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('routing.edit')} ${row.name}`}
                    onClick={() => navigate(`${list}/${row.id}`)}
                  />
                )}
                {can(access.risk.routingDelete) && (
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('routing.delete')} ${row.name}`}
                    onClick={() => confirmDelete(row)}
                  />
                )}
              </Space>
            ),
            children: <TreeView node={row.details} nameOf={nameOf} note={noteOf(row.unroutable)} />,
          }))}
        />
      )}
      {detail && (
        <DetailDrawer
          open
          size={560}
          onClose={() => setDetail(null)}
          title={detail.name}
          extra={
            <Button icon={<HistoryOutlined />} onClick={() => setHistory(detail)}>
              {t('risk.history.open')}
            </Button>
          }
        >
          {detail.unroutable.length > 0 && (
            <Alert type="warning" showIcon title={t('routing.unroutable.summary')} style={{ marginBottom: 16 }} />
          )}
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'id', label: t('routing.fields.id'), children: <CopyableId value={detail.id} /> },
              { key: 'name', label: t('routing.fields.name'), children: detail.name },
              {
                key: 'organisation',
                label: t('routing.fields.organisation'),
                children: (
                  <LinkOrText href={links.organisation(idOf(detail.organisation) ?? '')}>
                    {populated(detail.organisation)?.name ?? String(detail.organisation)}
                  </LinkOrText>
                ),
              },
              {
                key: 'processors',
                label: t('routing.fields.processors'),
                children: (
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {detail.processors
                      .split(',')
                      .filter(Boolean)
                      .map((id) => (
                        <li key={id}>
                          <LinkOrText href={links.processor(id)}>{nameOf(id)}</LinkOrText>
                          {noteOf(detail.unroutable)(id)}
                        </li>
                      ))}
                  </ul>
                ),
              },
              {
                key: 'tree',
                label: t('routing.fields.details'),
                children: <TreeView node={detail.details} nameOf={nameOf} note={noteOf(detail.unroutable)} />,
              },
            ]}
          />
        </DetailDrawer>
      )}
      {history && (
        <VersionHistory
          path="routing"
          id={history.id}
          current={history.version}
          canRollback={can(access.risk.routingUpdate)}
          onClose={() => setHistory(null)}
          onRolledBack={() => {
            setHistory(null);
            setDetail(null);
          }}
        />
      )}
    </Space>
  );
};

/** `/intelligent-routing/new` (ROUTING_CREATE): the list with the form over it. */
export const RoutingNewPage = () => (
  <>
    <RoutingsPage />
    <RoutingForm />
  </>
);

/** `/intelligent-routing/:routeId` (ROUTING_UPDATE). */
export const RoutingEditPage = () => {
  const { routeId = '' } = useParams();
  const { pathname } = useLocation();
  const routing = useRouting(routeId, useOrganisationScope(pathname));
  return (
    <>
      <RoutingsPage />
      {routing.data && <RoutingForm key={`${routing.data.id}-${routing.data.version}`} routing={routing.data} />}
    </>
  );
};
