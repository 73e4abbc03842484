import { App, Alert, Button, Checkbox, Drawer, Form, InputNumber, Space, Tag, Typography } from 'antd';
import { CHANGE_KIND_NAMES, type ChangeKind } from '@kassa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePolicy } from '@/lib/change-requests.ts';
import { showServerError } from '@/lib/form-errors.ts';
import { useMe } from '@/lib/session.ts';
import { useSaveChangePolicy } from '../api/change-requests.ts';

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
  const [form] = Form.useForm();
  const { data: me } = useMe();
  // Named, not left to the selected sub-organisation the context adds to every read.
  const organisation = me?.organisation.id;
  const policy = useChangePolicy(organisation, Boolean(organisation));
  const save = useSaveChangePolicy();
  const [kinds, setKinds] = useState<ChangeKind[] | null>(null);
  const [hours, setHours] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const provider = me?.organisation.type === 'provider';
  const imposed = (policy.data?.imposed ?? []) as ChangeKind[];
  const chosen = kinds ?? ((policy.data?.kinds ?? []) as ChangeKind[]);
  const expiry = hours ?? policy.data?.expiry_hours ?? 168;
  // A merchant sees the provider's own kinds only when the provider imposes them (then locked).
  const options = CHANGE_KIND_NAMES.filter(
    (kind) => provider || !PROVIDER_KINDS.includes(kind) || imposed.includes(kind),
  );

  const submit = () => {
    setFailure(null);
    save.mutate(
      { organisation, kinds: chosen, expiry_hours: expiry },
      {
        onSuccess: () => {
          void message.success(t('changes.policy.saved'));
          onClose();
        },
        onError: (error) => setFailure(showServerError(form, t, error)),
      },
    );
  };

  return (
    <Drawer
      open
      size={560}
      onClose={onClose}
      title={t('changes.policy.title', { name: me?.organisation.name ?? '' })}
      closable={{ 'aria-label': t('detail.close') }}
      loading={policy.isPending}
      extra={
        <Space>
          <Button onClick={onClose}>{t('changes.policy.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {t('changes.policy.save')}
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        title={t(provider ? 'changes.policy.helpProvider' : 'changes.policy.help')}
        style={{ marginBottom: 16 }}
      />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item label={t('changes.policy.kinds')}>
          <Space orientation="vertical">
            {options.map((kind) => {
              const fixed = imposed.includes(kind);
              return (
                <Checkbox
                  key={kind}
                  checked={fixed || chosen.includes(kind)}
                  disabled={fixed}
                  onChange={(e) =>
                    setKinds(e.target.checked ? [...chosen, kind] : chosen.filter((other) => other !== kind))
                  }
                >
                  {t(`changes.kinds.${kind}`)}
                  {fixed && (
                    <Tag color="blue" style={{ marginInlineStart: 8 }}>
                      {t('changes.policy.imposed')}
                    </Tag>
                  )}
                </Checkbox>
              );
            })}
          </Space>
        </Form.Item>
        {imposed.length > 0 && (
          <Typography.Paragraph type="secondary">{t('changes.policy.imposedHelp')}</Typography.Paragraph>
        )}
        <Form.Item label={t('changes.policy.expiry')} extra={t('changes.policy.expiryHelp')}>
          <InputNumber<number>
            aria-label={t('changes.policy.expiry')}
            min={1}
            max={2160}
            precision={0}
            value={expiry}
            onChange={(value) => setHours(value ?? null)}
            suffix={t('changes.policy.hours')}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
};
