import { UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

export type CsvFile = { name: string; content: string };

/**
 * A CSV file as a form field (`Form.Item name`): chosen, read in the browser and held as its name
 * and text. A file over `maxBytes` is not read; `onTooLarge` says so on the field.
 */
export const CsvFileInput = ({
  value,
  onChange,
  maxBytes,
  onTooLarge,
  id,
}: {
  value?: CsvFile | null;
  onChange?: (file: CsvFile | null) => void;
  maxBytes: number;
  onTooLarge: () => void;
  id?: string;
}) => {
  const { t } = useTranslation();
  return (
    <Space>
      <Upload
        accept=".csv,text/csv"
        maxCount={1}
        showUploadList={false}
        beforeUpload={async (chosen) => {
          if (chosen.size > maxBytes) {
            onChange?.(null);
            onTooLarge();
          } else onChange?.({ name: chosen.name, content: await chosen.text() });
          return false;
        }}
      >
        <Button id={id} icon={<UploadOutlined />}>
          {t('imports.chooseFile')}
        </Button>
      </Upload>
      {value && <Typography.Text type="secondary">{value.name}</Typography.Text>}
    </Space>
  );
};
