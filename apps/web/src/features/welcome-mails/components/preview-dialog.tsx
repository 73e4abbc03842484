import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WelcomeMailRow } from '../api/types.ts';

/** "Preview": asks before sending; the button spins and is disabled while sending (risk-config.md §2.11, §4). */
export const PreviewDialog = ({
  row,
  sending,
  failed,
  onSend,
  onClose,
}: {
  row: WelcomeMailRow | null;
  sending: boolean;
  failed: boolean;
  onSend: () => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={row !== null}
      title={t('welcomeMails.previewTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" loading={sending} disabled={sending} onClick={onSend}>
          {t('welcomeMails.sendPreview')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('welcomeMails.previewQuestion')}</Typography.Paragraph>
      {failed && <Alert type="error" showIcon title={t('errors.unknown')} />}
    </Modal>
  );
};
