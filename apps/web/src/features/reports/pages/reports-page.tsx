import { CopyOutlined, DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { access } from '@kassa/domain';
import {
  Button,
  Card,
  Collapse,
  Descriptions,
  Empty,
  message as antMessage,
  Modal,
  Pagination,
  Progress,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { DateTime } from '@/components/date-time.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { merchantContextOf, useOrganisationScope } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { downloadReportFile, REPORTS_PAGE_SIZE, useDeleteReport, useReports, type ReportRow } from '../api/reports.ts';
import { columnLabel } from '../components/report-filters.tsx';
import { ReportForm } from '../components/report-form.tsx';

/** Where a report's download page is: under the merchant context for provider staff (payments.md §2). */
const downloadRoute = (pathname: string, id: string, organisation: string | null, provider: boolean) => {
  const context = /^\/psp\/merchants\/[^/]+/.exec(pathname)?.[0];
  const base = context ?? (provider && organisation ? `/psp/merchants/${encodeURIComponent(organisation)}` : '');
  return `${base}/reports/transactions/${encodeURIComponent(id)}/download`;
};

const FiltersSummary = ({ report }: { report: ReportRow }) => {
  const { t } = useTranslation();
  const entries = Object.entries(report.filters);
  if (entries.length === 0) return <>{t('reports.allTransactions')}</>;
  return <>{entries.map(([key, value]) => `${key.replace('[]', '')}: ${[value].flat().join(', ')}`).join(' · ')}</>;
};

const ReportBody = ({
  report,
  downloading,
  onDownload,
  onClone,
  onDelete,
  manage,
}: {
  report: ReportRow;
  downloading: boolean;
  manage: boolean;
  onDownload: () => void;
  onClone: () => void;
  onDelete: () => void;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const processed = report.status === 'PROCESSED';
  const hint = !processed
    ? t('reports.hintPending')
    : downloading
      ? t('reports.hintDownloading')
      : t('reports.hintDownload');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {!processed && (
        <Progress
          percent={report.count ? Math.floor((report.progress / report.count) * 100) : 0}
          status="active"
          aria-label={t('reports.progress')}
        />
      )}
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'count',
            label: t('reports.lines'),
            children: report.count === null ? '—' : format.number(report.count),
          },
          { key: 'filters', label: t('reports.filters'), children: <FiltersSummary report={report} /> },
          {
            key: 'fields',
            label: t('reports.columns'),
            children: report.fields.map((f) => columnLabel(t, f)).join(', '),
          },
          { key: 'created', label: t('reports.createdAt'), children: <DateTime value={report.created_at} /> },
          { key: 'by', label: t('reports.createdBy'), children: report.created_by ?? t('reports.bySchedule') },
        ]}
      />
      <Space wrap>
        <Tooltip title={hint}>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!processed || downloading}
            loading={downloading}
            onClick={onDownload}
            data-testid="report-download"
          >
            {t('reports.download')}
          </Button>
        </Tooltip>
        {manage && (
          <Button icon={<CopyOutlined />} onClick={onClone}>
            {t('reports.clone')}
          </Button>
        )}
        {manage && (
          <Tooltip title={processed ? undefined : t('reports.hintPending')}>
            <Button danger icon={<DeleteOutlined />} disabled={!processed || downloading} onClick={onDelete}>
              {t('reports.delete')}
            </Button>
          </Tooltip>
        )}
      </Space>
    </Space>
  );
};

/** reports/transactions: generated reports newest first, only the first expanded; create, clone, download, delete. */
export const ReportsPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const scope = useOrganisationScope(pathname);
  const can = useCan();
  const manage = can(access.reports.manage);
  const [page, setPage] = useState(1);
  const { list, count } = useReports(page, scope);
  const remove = useDeleteReport();
  const [panel, setPanel] = useState<{ clone: ReportRow | null } | null>(null);
  const [downloading, setDownloading] = useState<Set<string>>(new Set());
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage();
  const provider = can(['PSP', 'PSP_ALL']);
  // A mailed link: `?_download=true&id=…&_organisation=…` opens that report's download page.
  if (params.get('_download') === 'true' && params.get('id')) {
    return (
      <Navigate
        replace
        to={downloadRoute(
          pathname,
          params.get('id') as string,
          params.get('_organisation'),
          provider && !merchantContextOf(pathname),
        )}
      />
    );
  }
  const rows = list.data ?? [];
  const download = async (report: ReportRow) => {
    setDownloading((current) => new Set(current).add(report.id));
    try {
      await downloadReportFile(report.id);
    } catch {
      void message.error(t('reports.downloadFailed'));
    } finally {
      setDownloading((current) => {
        const next = new Set(current);
        next.delete(report.id);
        return next;
      });
    }
  };
  const confirmDelete = (report: ReportRow) =>
    modal.confirm({
      title: t('reports.deleteTitle', { name: report.name }),
      content: t('reports.deleteContent'),
      okText: t('reports.delete'),
      cancelText: t('reports.cancel'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(report.id).catch(() => void message.error(t('errors.unknown'))),
    });
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {modalHolder}
      {messageHolder}
      <PageTitle>{t('reports.title')}</PageTitle>
      <Space>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            void list.refetch();
            void count.refetch();
          }}
        >
          {t('reports.refresh')}
        </Button>
        {manage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ clone: null })}>
            {t('reports.create')}
          </Button>
        )}
      </Space>
      {rows.length === 0 && !list.isLoading ? (
        <Card>
          <Empty description={t('reports.empty')} />
        </Card>
      ) : (
        <Collapse
          key={`${page}:${rows[0]?.id ?? ''}`}
          defaultActiveKey={rows[0] ? [rows[0].id] : []}
          items={rows.map((report) => ({
            key: report.id,
            label: (
              <Space wrap>
                <Typography.Text strong>{report.name}</Typography.Text>
                <StatusTag vocabulary="report" status={report.status} />
                <Typography.Text type="secondary">
                  <DateTime value={report.created_at} />
                </Typography.Text>
              </Space>
            ),
            children: (
              <ReportBody
                report={report}
                manage={manage}
                downloading={downloading.has(report.id)}
                onDownload={() => void download(report)}
                onClone={() => setPanel({ clone: report })}
                onDelete={() => confirmDelete(report)}
              />
            ),
          }))}
        />
      )}
      {(count.data?.count ?? 0) > REPORTS_PAGE_SIZE && (
        <Pagination
          current={page}
          pageSize={REPORTS_PAGE_SIZE}
          total={count.data?.count ?? 0}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
      {panel && (
        <ReportForm
          clone={panel.clone}
          onClose={() => setPanel(null)}
          onCreated={() => {
            setPanel(null);
            setPage(1);
          }}
        />
      )}
    </Space>
  );
};
