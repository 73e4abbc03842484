import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { checkPasswordRules, type TPasswordRequirements } from '@kassa/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Password must contain:" with a check or a cross per rule, updated as the user types (portal.md §5). */
export const PasswordRequirements = ({
  password,
  requirements,
}: {
  password: string;
  requirements: TPasswordRequirements;
}) => {
  const { t } = useTranslation();
  return (
    <div aria-live="polite" style={{ marginBottom: 16 }}>
      <Typography.Text strong>{t('password.mustContain')}</Typography.Text>
      <ul style={{ listStyle: 'none', padding: 0, margin: '4px 0 0' }}>
        {checkPasswordRules(password, requirements).map(({ rule, met }) => (
          <li key={rule} data-met={met}>
            {met ? (
              <CheckCircleFilled style={{ color: 'var(--kassa-success)' }} aria-label={t('password.met')} />
            ) : (
              <CloseCircleFilled style={{ color: 'var(--kassa-error)' }} aria-label={t('password.notMet')} />
            )}{' '}
            <Typography.Text type={met ? undefined : 'secondary'}>
              {t(`password.rules.${rule}`, { count: requirements.length })}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
};
