import { Alert, Button, Drawer, Modal, Space } from 'antd';
import { access, ZTagCreate } from '@kassa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { useCan } from '@/lib/authorisation.ts';
import { organisationFor } from '@/lib/org-context.ts';
import { useDeleteItem } from '../api/delete-item.ts';
import { useSaveTag } from '../api/save-tag.ts';
import type { TagRow } from '../api/types.ts';
import { translateSchemaIssue } from './risk-messages.ts';
import { TagFields, type TagDraft } from './tag-fields.tsx';

/**
 * Create, edit or delete one tag (TAG_CREATE, TAG_UPDATE, TAG_DELETE); `readOnly` for a tag made
 * above the user's organisation (a merchant's tag seen by its sub-organisation).
 */
export const TagForm = ({
  tag,
  readOnly = false,
  onClose,
}: {
  tag?: TagRow;
  readOnly?: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const can = useCan();
  const [draft, setDraft] = useState<TagDraft>({ text: tag?.text ?? '', colour: tag?.colour ?? '#1677ff' });
  const [showErrors, setShowErrors] = useState(false);
  const save = useSaveTag();
  const remove = useDeleteItem();
  const [modal, holder] = Modal.useModal();
  const parsed = ZTagCreate.safeParse({ ...draft, organisation: organisationFor(pathname) });
  const textError = showErrors ? parsed.error?.issues.find((i) => i.path[0] === 'text') : undefined;
  const failure = save.error ?? remove.error;
  const submit = async () => {
    setShowErrors(true);
    if (!parsed.success) return;
    const { organisation, ...update } = parsed.data;
    try {
      await save.mutateAsync(tag ? { id: tag.id, body: update } : { body: { ...update, organisation } });
      onClose();
    } catch {
      // Shown below.
    }
  };
  const confirmDelete = () =>
    tag &&
    modal.confirm({
      title: t('tags.delete'),
      content: t('tags.deleteConfirm', { text: tag.text }),
      okText: t('tags.delete'),
      okButtonProps: { danger: true },
      cancelText: t('risk.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync({ path: 'tag', id: tag.id });
          onClose();
        } catch {
          // Shown below.
        }
      },
    });
  return (
    <Drawer
      open
      size={480}
      onClose={onClose}
      title={tag ? t('tags.edit') : t('tags.create')}
      closable={{ 'aria-label': t('detail.close') }}
      extra={
        <Space>
          {tag && !readOnly && can(access.tag.delete) && (
            <Button danger onClick={confirmDelete}>
              {t('tags.delete')}
            </Button>
          )}
          <Button onClick={onClose}>{t('risk.cancel')}</Button>
          {!readOnly && (tag ? can(access.tag.update) : can(access.tag.create)) && (
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              {t('risk.save')}
            </Button>
          )}
        </Space>
      }
    >
      {holder}
      {readOnly && <Alert type="info" showIcon title={t('risk.rulesets.inherited')} style={{ marginBottom: 16 }} />}
      <TagFields value={draft} onChange={setDraft} errors={{ text: textError && translateSchemaIssue(t, textError) }} />
      {failure && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          title={failure instanceof ApiError ? failure.message : t('errors.unknown')}
        />
      )}
    </Drawer>
  );
};
