import { DeleteOutlined } from '@ant-design/icons';
import type { TOrganisation, TTestDataDeletion } from '@kassa/domain';
import { Alert, Button, Card, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { useDeleteTestData } from '../api/delete-test-data.ts';

/**
 * "Delete all test data" of an organisation (issue 38 item 4). It cannot be undone, so the dialog
 * asks for the organisation's name, typed, before the button works; the server runs it as a job
 * and answers at once, and the card says the job started.
 */
export const TestDataCard = ({ organisation }: { organisation: TOrganisation }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [job, setJob] = useState<TTestDataDeletion | null>(null);
  const deletion = useDeleteTestData();
  const name = organisation.name;
  const confirmed = typed.trim() === name.trim();

  const close = () => {
    setOpen(false);
    setTyped('');
    deletion.reset();
  };
  const start = async () => {
    try {
      setJob(await deletion.mutateAsync(organisation.id));
      close();
    } catch {
      // Shown from the mutation's error in the dialog.
    }
  };
  const error = deletion.error;

  return (
    <Card title={t('organisations.testData.title')} style={{ marginTop: 16 }}>
      <Typography.Paragraph>{t('organisations.testData.explain', { name })}</Typography.Paragraph>
      {job && (
        <Alert
          type="success"
          showIcon
          role="status"
          title={t('organisations.testData.started', { id: job.job.id })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        {t('organisations.testData.delete')}
      </Button>
      <Modal
        open={open}
        title={t('organisations.testData.confirmTitle', { name })}
        okText={t('organisations.testData.confirm')}
        cancelText={t('organisations.cancel')}
        okButtonProps={{ danger: true, disabled: !confirmed }}
        confirmLoading={deletion.isPending}
        onOk={() => void start()}
        onCancel={close}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('organisations.testData.confirmExplain', { name })}</Typography.Paragraph>
        <Form layout="vertical" onFinish={() => confirmed && void start()}>
          <Form.Item label={t('organisations.testData.confirmLabel')} htmlFor="test-data-confirm-name">
            <Input
              id="test-data-confirm-name"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </Form.Item>
        </Form>
        {error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={
              error instanceof ApiError
                ? t(`errors.${error.code}`, { defaultValue: error.message })
                : t('errors.unknown')
            }
          />
        )}
      </Modal>
    </Card>
  );
};
