import { UploadOutlined } from '@ant-design/icons';
import { SETTLEMENT_UPLOAD_MAX_BYTES, type TSettlementFileUpload } from '@kassa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiPost } from '@/lib/api-client.ts';
import { useProcessorSettlements } from '@/lib/processor-settlements.ts';
import { EXCEPTION_PATH, FILE_PATH, type SettlementFileRow } from '../api/reconciliation.ts';
import { translateDetail } from '@/lib/form-errors.ts';

type Values = { processor_settlement: string };

/**
 * Uploads an acquirer's settlement report by hand: the processor settlement (its layout) and the
 * CSV, read in the browser and sent as text. A refused file lists every bad line.
 */
export const UploadForm = ({ onClose, onDone }: { onClose: () => void; onDone: (id: string) => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const settlements = useProcessorSettlements();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (body: TSettlementFileUpload) =>
      apiPost<{ duplicate: boolean; file: SettlementFileRow }>(FILE_PATH, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [FILE_PATH] });
      void queryClient.invalidateQueries({ queryKey: [EXCEPTION_PATH] });
    },
  });
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<string[]>([]);
  const onFinish = (values: Values) => {
    if (!file) return setFileError(t('imports.chooseFile'));
    setLineErrors([]);
    upload.mutate(
      { ...values, file_name: file.name, content: file.content },
      {
        onSuccess: (answer) => onDone(answer.file.id),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.details.some((d) => d.path.startsWith('content.line.')))
            return setLineErrors([error.message, ...error.details.map((d) => d.message)]);
          for (const d of error.details)
            if (d.path === 'body.processor_settlement')
              form.setFields([{ name: 'processor_settlement', errors: [translateDetail(t, d)] }]);
            else setFileError(translateDetail(t, d));
        },
      },
    );
  };
  return (
    <Drawer
      open
      onClose={onClose}
      title={t('reconciliation.upload')}
      size={560}
      destroyOnHidden
      closable={{ 'aria-label': t('detail.close') }}
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={upload.isPending}>
        <Form.Item
          label={t('fields:settlementfile.processor_settlement')}
          name="processor_settlement"
          rules={[{ required: true, message: t('form_validation.required') }]}
        >
          <Select
            loading={settlements.isPending}
            options={(settlements.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item
          label={t('fields:settlementfile.file_name')}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? file?.name}
        >
          <Upload
            accept=".csv,text/csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={async (chosen) => {
              setFileError(chosen.size > SETTLEMENT_UPLOAD_MAX_BYTES ? t('imports.fileTooLarge') : null);
              if (chosen.size <= SETTLEMENT_UPLOAD_MAX_BYTES)
                setFile({ name: chosen.name, content: await chosen.text() });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('imports.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        {lineErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={lineErrors[0]}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                {lineErrors.slice(1).map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            }
            style={{ marginBottom: 16 }}
          />
        )}
        <Button type="primary" htmlType="submit" loading={upload.isPending}>
          {t('reconciliation.import')}
        </Button>
      </Form>
    </Drawer>
  );
};
