import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks the reason for declining one or more held payments (required, at most 500 characters). */
export const DeclineDialog = ({
  count,
  saving,
  failed,
  onDecline,
  onClose,
}: {
  count: number;
  saving: boolean;
  failed: boolean;
  onDecline: (reason: string) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  return (
    <Modal
      open
      title={t('review.declineTitle', { count })}
      okText={t('review.decline')}
      okButtonProps={{ danger: true, loading: saving, disabled: saving }}
      cancelText={t('review.cancel')}
      onCancel={onClose}
      onOk={() => {
        setTouched(true);
        if (!missing) onDecline(reason.trim());
      }}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('review.declineReason')}
          required
          validateStatus={touched && missing ? 'error' : undefined}
          help={touched && missing ? t('form_validation.required') : undefined}
        >
          <Input.TextArea
            value={reason}
            maxLength={500}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            aria-label={t('review.declineReason')}
          />
        </Form.Item>
      </Form>
      {failed && <Alert type="error" showIcon title={t('errors.unknown')} />}
    </Modal>
  );
};
