import { Alert, Form, Input } from 'antd';
import type { ChangeKind } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useChangePolicy } from '@/lib/change-requests.ts';

/** True when the organisation's policy sends a change of this kind to a second person (never without a kind). */
export const useNeedsApproval = (kind: ChangeKind | undefined, organisation: string | null | undefined) =>
  (useChangePolicy(organisation, Boolean(kind)).data?.effective.includes(kind as ChangeKind) ?? false) && Boolean(kind);

/**
 * Says plainly, above a form's save button, that the change will wait for approval, and asks why
 * (the note is required). After saving, says the change is waiting, with a link to it on the Changes screen.
 */
export const ChangeNote = ({
  needed,
  note,
  onNote,
  showErrors,
  waiting,
  help,
}: {
  needed: boolean;
  note: string;
  onNote: (note: string) => void;
  showErrors: boolean;
  waiting?: string | null;
  /** What waiting means for this kind, where it differs (a key is made at once and works once approved). */
  help?: string;
}) => {
  const { t } = useTranslation();
  if (waiting)
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        title={t('changes.waiting')}
        description={
          <>
            {t('changes.waitingHelp')}{' '}
            {/* Underlined: in the alert's text a link must not rely on colour alone (WCAG 1.4.1). */}
            <Link to={`/changes?tab=mine&id=${encodeURIComponent(waiting)}`} style={{ textDecoration: 'underline' }}>
              {t('changes.openChanges')}
            </Link>
          </>
        }
      />
    );
  if (!needed) return null;
  const missing = showErrors && !note.trim();
  return (
    <>
      <Alert
        type="warning"
        showIcon
        title={t('changes.needsApproval')}
        description={help ?? t('changes.needsApprovalHelp')}
      />
      <Form.Item
        label={t('changes.note')}
        required
        validateStatus={missing ? 'error' : undefined}
        help={missing ? t('changes.noteRequired') : undefined}
        style={{ marginTop: 8 }}
      >
        <Input.TextArea
          aria-label={t('changes.note')}
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => onNote(e.target.value)}
        />
      </Form.Item>
    </>
  );
};
