import { App, Alert, Checkbox, Form, InputNumber, Tag, Typography } from 'antd';
import { CHANGE_KIND_NAMES, ZChangePolicyUpdate, type ChangeKind } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { useChangePolicy } from '@/lib/change-requests.ts';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useMe } from '@/lib/session.ts';
import { useSaveChangePolicy } from '../api/change-requests.ts';

type Values = { kinds: ChangeKind[]; expiry_hours: number | null };

/** Kinds only the provider's own organisation changes (its processors' credentials, its staff). */
const PROVIDER_KINDS: readonly ChangeKind[] = ['processor', 'psp/user'];

/**
 * The four-eyes policy of the signed-in person's organisation (issue 35): which kinds of change
 * wait for a second person and after how many hours a request expires. Kinds the provider imposes
 * are shown ticked and locked (a minimum the organisation cannot lower).
 */
export const ChangePolicyDrawer = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: me } = useMe();
  // Named, not left to the selected sub-organisation the context adds to every read.
  const organisation = me?.organisation.id;
  const policy = useChangePolicy(organisation, Boolean(organisation));
  const save = useSaveChangePolicy();
  const provider = me?.organisation.type === 'provider';
  const imposed = (policy.data?.imposed ?? []) as ChangeKind[];
  const own = (policy.data?.kinds ?? []) as ChangeKind[];
  // A merchant sees the provider's own kinds only when the provider imposes them (then locked).
  const options = CHANGE_KIND_NAMES.filter(
    (kind) => provider || !PROVIDER_KINDS.includes(kind) || imposed.includes(kind),
  );
  const entity = useEntityForm({
    schema: ZChangePolicyUpdate,
    // An imposed kind is shown ticked and locked; it is the organisation's own only if it was before.
    toBody: (values: Values) => ({
      organisation,
      kinds: values.kinds.filter((kind) => !imposed.includes(kind) || own.includes(kind)),
      expiry_hours: values.expiry_hours ?? undefined,
    }),
    save: (body) => save.mutateAsync(body),
    onSaved: () => {
      void message.success(t('changes.policy.saved'));
      onClose();
    },
  });

  return (
    <FormDrawer
      size={560}
      onClose={onClose}
      title={t('changes.policy.title', { name: me?.organisation.name ?? '' })}
      loading={policy.isPending}
      entity={entity}
      submitLabel={t('changes.policy.save')}
    >
      <Alert
        type="info"
        showIcon
        title={t(provider ? 'changes.policy.helpProvider' : 'changes.policy.help')}
        style={{ marginBottom: 16 }}
      />
      <Form<Values>
        {...entity.formProps}
        initialValues={{ kinds: [...new Set([...own, ...imposed])], expiry_hours: policy.data?.expiry_hours ?? 168 }}
      >
        <Form.Item label={t('changes.policy.kinds')} name="kinds">
          <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {options.map((kind) => (
              <Checkbox key={kind} value={kind} disabled={imposed.includes(kind)}>
                {t(`changes.kinds.${kind}`)}
                {imposed.includes(kind) && (
                  <Tag color="blue" style={{ marginInlineStart: 8 }}>
                    {t('changes.policy.imposed')}
                  </Tag>
                )}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        {imposed.length > 0 && (
          <Typography.Paragraph type="secondary">{t('changes.policy.imposedHelp')}</Typography.Paragraph>
        )}
        <Form.Item label={t('changes.policy.expiry')} name="expiry_hours" extra={t('changes.policy.expiryHelp')}>
          <InputNumber<number>
            aria-label={t('changes.policy.expiry')}
            min={1}
            max={2160}
            precision={0}
            suffix={t('changes.policy.hours')}
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
};
