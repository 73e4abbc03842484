import { access, EVIDENCE_KINDS, type EvidenceKind, type TDispute } from '@kassa/domain';
import { Alert, Button, Form, Input, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields } from '@/components/detail-panel.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useCan } from '@/lib/authorisation.ts';
import { useAnswerDispute, useDispute } from '../api/dispute.ts';

/** A pre-filled item as the screen says it: `prior_payments:3` → "3 earlier payments without a dispute". */
const Prefilled = ({ value }: { value: string }) => {
  const { t } = useTranslation();
  const [code, count] = value.split(':');
  return (
    <Typography.Text type="success">{t(`dispute.prefilled.${code}`, { count: Number(count ?? 0) })}</Typography.Text>
  );
};

/** Which reminders went out (7 and 2 days before the due date), when, and to how many people. */
const Reminders = ({ reminders }: { reminders: TDispute['reminders'] }) => {
  const { t } = useTranslation();
  if (reminders.length === 0) return <Typography.Text type="secondary">{t('dispute.noReminders')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={0} data-testid="dispute-reminders">
      {reminders.map((r) => (
        <span key={r.days_before}>
          {t('dispute.reminderDays', { days: r.days_before })} · <DateTime value={String(r.sent_at)} /> ·{' '}
          {t('dispute.reminderRecipients', { count: r.recipients })}
        </span>
      ))}
    </Space>
  );
};

const Checklist = ({ dispute }: { dispute: TDispute }) => {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      bordered
      header={<Typography.Text strong>{t('dispute.checklist')}</Typography.Text>}
      dataSource={dispute.checklist}
      renderItem={(item) => (
        <List.Item>
          <Space orientation="vertical" size={0}>
            <Space>
              <Tag color={item.covered ? 'success' : item.required ? 'error' : 'default'}>
                {item.covered ? t('dispute.covered') : item.required ? t('dispute.required') : t('dispute.optional')}
              </Tag>
              {t(`dispute.kinds.${item.kind}`)}
            </Space>
            {item.prefilled && <Prefilled value={item.prefilled} />}
            {item.files > 0 && (
              <Typography.Text type="secondary">{t('dispute.files', { count: item.files })}</Typography.Text>
            )}
          </Space>
        </List.Item>
      )}
    />
  );
};

/** The Dispute tab: the reason's scheme and due date, the checklist, files, the response; submit or accept. */
export const DisputeTab = ({ id, scope }: { id: string; scope: string }) => {
  const { t } = useTranslation();
  const { data: dispute } = useDispute(id, scope);
  const answer = useAnswerDispute(id);
  const can = useCan();
  const [kind, setKind] = useState<EvidenceKind>('other');
  const [response, setResponse] = useState('');
  if (!dispute) return null;
  const mayAnswer = dispute.open && can(access.chargeback.respond);
  const error = answer.error instanceof ApiError ? answer.error : null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <DetailFields
        fields={[
          { label: t('dispute.scheme'), value: t(`dispute.schemes.${dispute.scheme}`) },
          { label: t('dispute.family'), value: t(`dispute.families.${dispute.family}`) },
          {
            label: t('dispute.dueAt'),
            value: dispute.due_at && <DateTime value={String(dispute.due_at)} style="long" />,
          },
          {
            label: t('dispute.outcome'),
            value: dispute.response_outcome
              ? t(`dispute.outcomes.${dispute.response_outcome}`)
              : t('dispute.notAnswered'),
          },
          { label: t('dispute.response'), value: dispute.response },
          { label: t('dispute.reminders'), value: <Reminders reminders={dispute.reminders} /> },
        ]}
      />
      <Checklist dispute={dispute} />
      <List
        size="small"
        bordered
        header={<Typography.Text strong>{t('dispute.evidence')}</Typography.Text>}
        locale={{ emptyText: t('dispute.noEvidence') }}
        dataSource={dispute.evidence}
        renderItem={(file) => (
          <List.Item>
            <a href={`/v1/chargeback/${encodeURIComponent(id)}/evidence/${encodeURIComponent(file.id)}`} download>
              {file.file_name}
            </a>
            <Typography.Text type="secondary">{t(`dispute.kinds.${file.kind}`)}</Typography.Text>
          </List.Item>
        )}
      />
      {error && <Alert type="error" showIcon title={t(`errors.${error.code}`, { defaultValue: error.message })} />}
      {mayAnswer && (
        <Form layout="vertical">
          <Form.Item label={t('dispute.kind')}>
            <Select
              aria-label={t('dispute.kind')}
              value={kind}
              onChange={setKind}
              options={EVIDENCE_KINDS.map((value) => ({ value, label: t(`dispute.kinds.${value}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('dispute.file')} extra={t('dispute.fileHint')}>
            <input
              type="file"
              aria-label={t('dispute.file')}
              accept="application/pdf,image/png,image/jpeg"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) answer.mutate({ kind: 'evidence', file, evidence: kind });
                event.target.value = '';
              }}
            />
          </Form.Item>
          <Form.Item label={t('dispute.response')} required>
            <Input.TextArea
              aria-label={t('dispute.response')}
              rows={4}
              maxLength={20_000}
              value={response}
              onChange={(event) => setResponse(event.target.value)}
            />
          </Form.Item>
          <Space>
            <Button
              type="primary"
              disabled={response.trim() === ''}
              loading={answer.isPending}
              onClick={() => answer.mutate({ kind: 'submit', response: response.trim() })}
            >
              {t('dispute.submit')}
            </Button>
            <Popconfirm
              title={t('dispute.acceptConfirm')}
              okText={t('dispute.accept')}
              cancelText={t('review.cancel')}
              onConfirm={() => answer.mutate({ kind: 'accept' })}
            >
              <Button danger>{t('dispute.accept')}</Button>
            </Popconfirm>
          </Space>
        </Form>
      )}
    </Space>
  );
};
