import { RECONCILIATION_EXCEPTION_KINDS, RECONCILIATION_EXCEPTION_STATES } from '@kassa/domain';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import {
  EXCEPTION_PATH,
  exceptionsCountQueryOptions,
  exceptionsQueryOptions,
  MERCHANT_EXCEPTION_PATH,
  merchantExceptionsCountQueryOptions,
  merchantExceptionsQueryOptions,
  type ExceptionRow,
} from '../api/reconciliation.ts';
import { exceptionColumns, exceptionListParams, merchantExceptionListParams } from '../columns.tsx';
import { ExceptionDetail } from '../components/exception-detail.tsx';

/** The kind and state filters of both lists. */
const useExceptionFilters = () => {
  const { t } = useTranslation();
  const kinds = RECONCILIATION_EXCEPTION_KINDS.map((kind) => ({
    value: kind,
    label: t(`reconciliation.kinds.${kind}`),
  }));
  const states = RECONCILIATION_EXCEPTION_STATES.map((state) => ({
    value: state,
    label: t(`reconciliation.states.${state}`),
  }));
  return (props: FilterProps) => (
    <>
      <SelectFilter {...props} field="kind[]" label={t('fields:reconciliationexception.kind')} options={kinds} />
      <SelectFilter {...props} field="state[]" label={t('fields:reconciliationexception.state')} options={states} />
    </>
  );
};

/** psp/reconciliation/exceptions (issue 34): every settlement line that did not match exactly, and every payment no file confirmed. */
export const ReconciliationExceptionsPage = () => {
  const { t } = useTranslation();
  const columns = useMemo(() => exceptionColumns(t), [t]);
  const filters = useExceptionFilters();
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
      filters={filters}
      renderDetail={(id, close) => <ExceptionDetail id={id} onClose={close} />}
    />
  );
};

/**
 * report/reconciliation-exceptions (issue 34): a merchant's read-only list of the exceptions about
 * its own payments, with the payout each touches; its payout's reconciliation tab links here.
 */
export const MerchantReconciliationExceptionsPage = () => {
  const { t } = useTranslation();
  const columns = useMemo(() => exceptionColumns(t, true), [t]);
  const filters = useExceptionFilters();
  return (
    <ListScreen<ExceptionRow>
      listId="merchantReconciliationExceptions"
      title={t('nav.items.reconciliationExceptions')}
      intro={<Typography.Paragraph type="secondary">{t('reconciliation.merchantIntro')}</Typography.Paragraph>}
      params={merchantExceptionListParams}
      columns={columns}
      listQuery={merchantExceptionsQueryOptions}
      countQuery={merchantExceptionsCountQueryOptions}
      exportPath={`${MERCHANT_EXCEPTION_PATH}/export`}
      searchByLabel={(field) => t(`fields:reconciliationexception.${field}`)}
      filters={filters}
      renderDetail={(id, close) => <ExceptionDetail id={id} onClose={close} merchant />}
    />
  );
};
