import { UploadOutlined } from '@ant-design/icons';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, type TImportCreate } from '@kassa/domain';
import { Alert, Button, Drawer, Form, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganisationPicker } from '@/components/organisation-picker.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useStartImport } from '../api/imports.ts';
import { translateDetail } from '@/lib/form-errors.ts';

type Values = { kind: TImportCreate['kind']; organisation: string };

/** Starts an import: kind, the merchant, and a CSV file read in the browser and sent as text. */
export const ImportForm = ({ onClose, onStarted }: { onClose: () => void; onStarted: (id: string) => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const start = useStartImport();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form);
  const onFinish = (values: Values) => {
    if (!file) return setFileError(t('imports.chooseFile'));
    start.mutate(
      { ...values, file_name: file.name, content: file.content },
      {
        onSuccess: (row) => onStarted(row.id),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          for (const d of error.details) {
            if (d.path === 'body.content' || d.path === 'body.file_name') setFileError(translateDetail(t, d));
            else form.setFields([{ name: d.path.split('.')[1] as keyof Values, errors: [translateDetail(t, d)] }]);
          }
        },
      },
    );
  };
  return (
    <Drawer
      open
      onClose={onClose}
      title={t('imports.create')}
      size={560}
      destroyOnHidden
      closable={{ 'aria-label': t('detail.close') }}
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={start.isPending}>
        <Form.Item
          label={t('imports.kind')}
          name="kind"
          rules={[{ required: true, message: t('form_validation.required') }]}
        >
          <Select options={IMPORT_KINDS.map((k) => ({ value: k, label: t(`imports.kinds.${k}`) }))} />
        </Form.Item>
        {kind && (
          <Alert
            type="info"
            showIcon
            title={t('imports.columns')}
            description={<Typography.Text code>{t(`imports.columnsOf.${kind}`)}</Typography.Text>}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item
          label={t('imports.merchant')}
          name="organisation"
          rules={[{ required: true, message: t('form_validation.required') }]}
        >
          <OrganisationPicker filter={(org) => org.type === 'merchant'} />
        </Form.Item>
        <Form.Item
          label={t('imports.file')}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? file?.name}
        >
          <Upload
            accept=".csv,text/csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={async (chosen) => {
              setFileError(chosen.size > IMPORT_MAX_BYTES ? t('imports.fileTooLarge') : null);
              if (chosen.size <= IMPORT_MAX_BYTES) setFile({ name: chosen.name, content: await chosen.text() });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('imports.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={start.isPending}>
          {t('imports.start')}
        </Button>
      </Form>
    </Drawer>
  );
};
