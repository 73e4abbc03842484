import { access, hasAccess, type TOrganisation } from '@kassa/domain';
import { Alert, Card, Col, Empty, Row, Skeleton } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { merchantContextOf } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { useOrganisationTree } from '../api/organisation-tree.ts';
import { OrganisationDetail } from '../components/organisation-detail.tsx';
import { OrganisationForm } from '../components/organisation-form.tsx';
import { OrganisationTreeView } from '../components/organisation-tree-view.tsx';
import { TestDataCard } from '../components/test-data-card.tsx';
import { PageTitle } from '@/components/page-title.tsx';

/** Settings → Organisations: the tree beside the selected organisation (risk-config.md §2.8). */
export const OrganisationsPage = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const root = merchantContextOf(pathname)?.merchantId ?? me?.organisation.id;
  const tree = useOrganisationTree(root);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const selectedId = search.get('id');
  const creatingUnder = search.get('new');
  const organisations = tree.data ?? [];
  const selected = organisations.find((org) => org.id === selectedId) ?? null;
  const canCreate = hasAccess(me?.roles ?? [], access.organisation.create);
  const canEdit = hasAccess(me?.roles ?? [], access.organisation.update);
  const canDeleteTestData = hasAccess(me?.roles ?? [], access.testMode.deleteData);

  const show = useCallback(
    (params: Record<string, string>) => {
      setEditing(false);
      setSaved(false);
      setSearch(params, { replace: true });
    },
    [setSearch],
  );
  const onAdd = useCallback((parent: string) => show({ new: parent }), [show]);
  const onSelect = useCallback((id: string) => show({ id }), [show]);
  const onSaved = (org: TOrganisation) => {
    show({ id: org.id });
    setSaved(true);
  };

  let panel;
  if (creatingUnder) {
    panel = (
      <Card title={t('organisations.create')}>
        <OrganisationForm
          organisation={null}
          parent={creatingUnder}
          tree={organisations}
          onDone={onSaved}
          onCancel={() => show({})}
        />
      </Card>
    );
  } else if (selected && editing) {
    panel = (
      <Card title={t('organisations.editTitle', { name: selected.name })}>
        <OrganisationForm
          organisation={selected}
          parent={selected.parent}
          tree={organisations}
          onDone={onSaved}
          onCancel={() => setEditing(false)}
        />
      </Card>
    );
  } else if (selected) {
    const parentName = organisations.find((org) => org.id === selected.parent)?.name ?? null;
    panel = (
      <>
        <OrganisationDetail
          organisation={selected}
          parentName={parentName}
          nameOf={(id) => organisations.find((org) => org.id === id)?.name ?? id}
          canEdit={canEdit}
          onEdit={() => setEditing(true)}
        />
        {canDeleteTestData && <TestDataCard organisation={selected} />}
      </>
    );
  } else {
    panel = (
      <Card>
        <Empty description={t('organisations.pick')} />
      </Card>
    );
  }

  return (
    <>
      <PageTitle>{t('organisations.title')}</PageTitle>
      {saved && (
        <Alert type="success" showIcon closable title={t('organisations.saved')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card>
            {tree.isPending ? (
              <Skeleton active />
            ) : (
              <OrganisationTreeView
                organisations={organisations}
                selected={selectedId}
                canCreate={canCreate}
                onSelect={onSelect}
                onAdd={onAdd}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          {panel}
        </Col>
      </Row>
    </>
  );
};
