import { IMPORT_KINDS, IMPORT_MAX_BYTES, ZImportCreate, type TImportCreate } from '@kassa/domain';
import { Alert, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CsvFileInput, type CsvFile } from '@/components/csv-file-input.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { OrganisationPicker } from '@/components/organisation-picker.tsx';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useStartImport } from '../api/imports.ts';

type Values = { kind: TImportCreate['kind']; organisation: string; file?: CsvFile | null };

/** Starts an import: kind, the merchant, and a CSV file read in the browser and sent as text. */
export const ImportForm = ({ onClose, onStarted }: { onClose: () => void; onStarted: (id: string) => void }) => {
  const { t } = useTranslation();
  const start = useStartImport();
  const entity = useEntityForm({
    schema: ZImportCreate,
    toBody: ({ file, ...values }: Values) => ({ ...values, file_name: file?.name ?? '', content: file?.content }),
    save: (body) => start.mutateAsync(body),
    onSaved: (row) => onStarted(row.id),
    // The file's name and text are one field here.
    renamePath: (path) => path.replace(/^(body\.)?(content|file_name)$/, '$1file'),
  });
  const { form } = entity;
  const kind = Form.useWatch('kind', form);
  return (
    <FormDrawer
      onClose={onClose}
      title={t('imports.create')}
      size={560}
      entity={entity}
      submitLabel={t('imports.start')}
    >
      <Form<Values> {...entity.formProps}>
        <Form.Item label={t('imports.kind')} name="kind" required>
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
        <Form.Item label={t('imports.merchant')} name="organisation" required>
          <OrganisationPicker filter={(org) => org.type === 'merchant'} />
        </Form.Item>
        <Form.Item label={t('imports.file')} name="file" required>
          <CsvFileInput
            maxBytes={IMPORT_MAX_BYTES}
            onTooLarge={() => form.setFields([{ name: 'file', errors: [t('imports.fileTooLarge')] }])}
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
};
