import { SETTLEMENT_UPLOAD_MAX_BYTES, ZSettlementFileUpload, type TSettlementFileUpload } from '@kassa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvFileInput, type CsvFile } from '@/components/csv-file-input.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { ApiError, apiPost } from '@/lib/api-client.ts';
import { useProcessorSettlements } from '@/lib/processor-settlements.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { EXCEPTION_PATH, FILE_PATH, type SettlementFileRow } from '../api/reconciliation.ts';

type Values = { processor_settlement: string; file?: CsvFile | null };
type Answer = { duplicate: boolean; file: SettlementFileRow };

/** A refusal of the file's lines: the server numbers each bad line in a sentence of its own (no code). */
const lineRefusal = (error: unknown) =>
  error instanceof ApiError && error.details.some((detail) => detail.path.startsWith('content.line.'))
    ? [error.message, ...error.details.map((detail) => detail.message)]
    : null;

/**
 * Uploads an acquirer's settlement report by hand: the processor settlement (its layout) and the
 * CSV, read in the browser and sent as text. A refused file lists every bad line.
 */
export const UploadForm = ({ onClose, onDone }: { onClose: () => void; onDone: (id: string) => void }) => {
  const { t } = useTranslation();
  const settlements = useProcessorSettlements();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (body: TSettlementFileUpload) => apiPost<Answer>(FILE_PATH, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [FILE_PATH] });
      void queryClient.invalidateQueries({ queryKey: [EXCEPTION_PATH] });
    },
  });
  const [lineErrors, setLineErrors] = useState<string[]>([]);
  const entity = useEntityForm({
    schema: ZSettlementFileUpload,
    toBody: ({ file, ...values }: Values) => ({ ...values, file_name: file?.name ?? '', content: file?.content ?? '' }),
    before: () => {
      setLineErrors([]);
      return true;
    },
    // Bad lines are listed under the form; every other refusal lands on its field.
    save: (body) =>
      upload.mutateAsync(body).catch((error: unknown) => {
        const lines = lineRefusal(error);
        if (!lines) throw error;
        setLineErrors(lines);
        return null;
      }),
    onSaved: (answer) => answer && onDone(answer.file.id),
    // The file's name and text are one field here.
    renamePath: (path) => path.replace(/^(body\.)?(content|file_name)$/, '$1file'),
  });
  const { form } = entity;
  return (
    <FormDrawer
      onClose={onClose}
      title={t('reconciliation.upload')}
      size={560}
      entity={entity}
      submitLabel={t('reconciliation.import')}
    >
      <Form<Values> {...entity.formProps} requiredMark={false} disabled={entity.saving}>
        <Form.Item label={t('fields:settlementfile.processor_settlement')} name="processor_settlement">
          <Select
            loading={settlements.isPending}
            options={(settlements.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item label={t('fields:settlementfile.file_name')} name="file">
          <CsvFileInput
            maxBytes={SETTLEMENT_UPLOAD_MAX_BYTES}
            onTooLarge={() => form.setFields([{ name: 'file', errors: [t('imports.fileTooLarge')] }])}
          />
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
      </Form>
    </FormDrawer>
  );
};
