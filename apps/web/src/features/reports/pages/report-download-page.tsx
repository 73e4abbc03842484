import { Alert, Card, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { downloadReportFile } from '../api/reports.ts';

type State = 'INIT' | 'DOWNLOADING' | 'DOWNLOADED' | 'FAILED';

/** reports/transactions/{id}/download: downloads the report at once and links back to the overview (payments.md §2). */
export const ReportDownloadPage = () => {
  const { t } = useTranslation();
  const { reportId = '' } = useParams();
  const { pathname } = useLocation();
  const [state, setState] = useState<State>('INIT');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setState('DOWNLOADING');
    downloadReportFile(reportId).then(
      () => setState('DOWNLOADED'),
      () => setState('FAILED'),
    );
  }, [reportId]);
  const overview = pathname.replace(/\/[^/]+\/download\/?$/, '');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle>{t('reports.downloadTitle')}</PageTitle>
      <Card>
        <Space orientation="vertical">
          {(state === 'INIT' || state === 'DOWNLOADING') && (
            <Space>
              <Spin /> <Typography.Text data-testid="download-state">{t('reports.downloading')}</Typography.Text>
            </Space>
          )}
          {state === 'DOWNLOADED' && (
            <Alert
              type="success"
              showIcon
              title={<span data-testid="download-state">{t('reports.downloaded')}</span>}
            />
          )}
          {state === 'FAILED' && (
            <Alert
              type="error"
              showIcon
              title={<span data-testid="download-state">{t('reports.downloadFailed')}</span>}
            />
          )}
          <Link to={overview}>{t('reports.backToOverview')}</Link>
        </Space>
      </Card>
    </Space>
  );
};
