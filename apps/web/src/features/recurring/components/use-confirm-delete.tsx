import { message as antMessage, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { showServerError } from '@/lib/form-errors.ts';

/**
 * Asks before deleting, then deletes; a refusal by the server (e.g. still used by a running
 * subscription) is shown as a message. Render `holders` once in the component.
 */
export const useConfirmDelete = () => {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage();
  const confirmDelete = ({
    title,
    content,
    remove,
  }: {
    title: string;
    content: string;
    remove: () => Promise<unknown>;
  }) =>
    modal.confirm({
      title,
      content,
      okText: t('recurring.ok'),
      cancelText: t('recurring.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove();
        } catch (failure) {
          void message.error(
            failure instanceof ApiError
              ? (showServerError(null, t, failure) ?? t('errors.unknown'))
              : t('errors.unknown'),
          );
        }
      },
    });
  return {
    confirmDelete,
    holders: (
      <>
        {modalHolder}
        {messageHolder}
      </>
    ),
  };
};
