import { RECONCILIATION_EXCEPTION_KINDS, RECONCILIATION_EXCEPTION_STATES } from '@kassa/domain';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import {
  EXCEPTION_PATH,
  exceptionsCountQueryOptions,
  exceptionsQueryOptions,
  type ExceptionRow,
} from '../api/reconciliation.ts';
import { exceptionColumns, exceptionListParams } from '../columns.tsx';
import { ExceptionDetail } from '../components/exception-detail.tsx';

/** psp/reconciliation/exceptions (issue 34): every settlement line that did not match exactly, and every payment no file confirmed. */
export const ReconciliationExceptionsPage = () => {
  const { t } = useTranslation();
  const columns = useMemo(() => exceptionColumns(t), [t]);
  const kinds = RECONCILIATION_EXCEPTION_KINDS.map((kind) => ({
    value: kind,
    label: t(`reconciliation.kinds.${kind}`),
  }));
  const states = RECONCILIATION_EXCEPTION_STATES.map((state) => ({
    value: state,
    label: t(`reconciliation.states.${state}`),
  }));
  return (
    <ListScreen<ExceptionRow>
      listId="reconciliationExceptions"
      title={t('nav.items.pspReconciliationExceptions')}
      intro={<Typography.Paragraph type="secondary">{t('reconciliation.intro')}</Typography.Paragraph>}
      params={exceptionListParams}
      columns={columns}
      listQuery={exceptionsQueryOptions}
      countQuery={exceptionsCountQueryOptions}
      exportPath={`${EXCEPTION_PATH}/export`}
      searchByLabel={(field) => t(`fields:reconciliationexception.${field}`)}
      filters={(props) => (
        <>
          <SelectFilter {...props} field="kind[]" label={t('fields:reconciliationexception.kind')} options={kinds} />
          <SelectFilter {...props} field="state[]" label={t('fields:reconciliationexception.state')} options={states} />
        </>
      )}
      renderDetail={(id, close) => <ExceptionDetail id={id} onClose={close} />}
    />
  );
};
