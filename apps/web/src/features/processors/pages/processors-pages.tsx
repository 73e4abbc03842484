import { PlusOutlined } from '@ant-design/icons';
import { access, hasAccess } from '@kassa/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { useLocation } from 'react-router';
import { merchantContextOf } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import {
  middlewareCountQueryOptions,
  middlewareQueryOptions,
  processorsCountQueryOptions,
  processorsQueryOptions,
  type MiddlewareRow,
  type ProcessorKind,
  type ProcessorRow,
} from '../api/processors.ts';
import { middlewareColumns, middlewareListParams, processorColumns, processorListParams } from '../columns.tsx';
import { MiddlewareDrawer } from '../components/middleware-drawer.tsx';
import { ProcessorDrawer } from '../components/processor-drawer.tsx';

const Processors = ({ kind }: { kind: ProcessorKind }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [creating, setCreating] = useState(false);
  const settlement = kind === 'processorsettlement';
  const columns = useMemo(() => processorColumns(t, settlement), [t, settlement]);
  const listQuery = useMemo(() => processorsQueryOptions(kind), [kind]);
  const countQuery = useMemo(() => processorsCountQueryOptions(kind), [kind]);
  // In a merchant's context a processor's detail values are changed, nothing is made (risk-config.md §6).
  const canCreate =
    merchantContextOf(useLocation().pathname) === null &&
    hasAccess(me?.roles ?? [], settlement ? access.processorSettlement.edit : access.pspProcessor.edit);
  return (
    <>
      <ListScreen<ProcessorRow>
        listId={settlement ? 'processorSettlements' : 'processors'}
        title={t(settlement ? 'processors.titleSettlements' : 'processors.title')}
        params={processorListParams}
        columns={columns}
        listQuery={listQuery}
        countQuery={countQuery}
        fixedParams={{ type: kind }}
        searchByLabel={(field) => t(`fields:processor.${field}`)}
        renderDetail={(id, close) => <ProcessorDrawer id={id} kind={kind} onClose={close} />}
        actions={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t(settlement ? 'processors.createSettlement' : 'processors.createProcessor')}
            </Button>
          )
        }
      />
      {creating && <ProcessorDrawer id={null} kind={kind} onClose={() => setCreating(false)} />}
    </>
  );
};

/** Provider → Processors (risk-config.md §2.10). */
export const ProcessorsPage = () => <Processors kind="processor" />;
/** Provider → Processor settlements. */
export const ProcessorSettlementsPage = () => <Processors kind="processorsettlement" />;

/** Provider → Middleware. */
export const MiddlewaresPage = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => middlewareColumns(t), [t]);
  return (
    <>
      <ListScreen<MiddlewareRow>
        listId="middlewares"
        title={t('processors.titleMiddleware')}
        params={middlewareListParams}
        columns={columns}
        listQuery={middlewareQueryOptions}
        countQuery={middlewareCountQueryOptions}
        searchByLabel={(field) => t(`fields:middleware.${field}`)}
        renderDetail={(id, close) => <MiddlewareDrawer id={id} onClose={close} />}
        actions={
          hasAccess(me?.roles ?? [], access.pspMiddleware.edit) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('processors.createMiddleware')}
            </Button>
          )
        }
      />
      {creating && <MiddlewareDrawer id={null} onClose={() => setCreating(false)} />}
    </>
  );
};
