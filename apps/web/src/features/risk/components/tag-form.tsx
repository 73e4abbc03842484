import { Alert, Button, Form, Modal } from 'antd';
import { access, ZTagCreate } from '@kassa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { showServerError } from '@/lib/form-errors.ts';
import { organisationFor } from '@/lib/org-context.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useDeleteItem } from '../api/delete-item.ts';
import { useSaveTag } from '../api/save-tag.ts';
import type { TagRow } from '../api/types.ts';
import { TagFields, type TagDraft } from './tag-fields.tsx';

type Values = { tag: TagDraft };

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
  const save = useSaveTag();
  const remove = useDeleteItem();
  const [modal, holder] = Modal.useModal();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const entity = useEntityForm({
    schema: ZTagCreate,
    toBody: ({ tag: draft }: Values) => ({ ...draft, organisation: organisationFor(pathname) }),
    save: ({ organisation, ...update }) =>
      save.mutateAsync(tag ? { id: tag.id, body: update } : { body: { ...update, organisation } }),
    onSaved: onClose,
    // Text and colour are one control here: what is said of either is said under it.
    renamePath: (path) => path.replace(/^(body\.)?(text|colour)$/, '$1tag'),
  });
  const confirmDelete = () =>
    tag &&
    modal.confirm({
      title: t('tags.delete'),
      content: t('tags.deleteConfirm', { text: tag.text }),
      okText: t('tags.delete'),
      okButtonProps: { danger: true },
      cancelText: t('risk.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ path: 'tag', id: tag.id })
          .then(onClose)
          .catch((error: unknown) => setRemoveError(showServerError(null, t, error))),
    });
  const canSave = !readOnly && (tag ? can(access.tag.update) : can(access.tag.create));
  return (
    <FormDrawer
      size={480}
      onClose={onClose}
      title={tag ? t('tags.edit') : t('tags.create')}
      entity={canSave ? entity : undefined}
      serverError={entity.message ?? removeError}
      submitLabel={t('risk.save')}
      actions={
        tag &&
        !readOnly &&
        can(access.tag.delete) && (
          <Button danger onClick={confirmDelete}>
            {t('tags.delete')}
          </Button>
        )
      }
    >
      {holder}
      {readOnly && <Alert type="info" showIcon title={t('risk.rulesets.inherited')} style={{ marginBottom: 16 }} />}
      <Form<Values>
        {...entity.formProps}
        disabled={!canSave}
        initialValues={{ tag: { text: tag?.text ?? '', colour: tag?.colour ?? '#1677ff' } }}
      >
        <Form.Item name="tag">
          <TagFields />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
};
