import { Col, Row } from 'antd';
import { PageTitle } from '@/components/page-title.tsx';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/lib/session.ts';
import { EmailCard } from '../components/email-card.tsx';
import { MfaCard } from '../components/mfa-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { PersonalCard } from '../components/personal-card.tsx';
import { PushCard } from '../components/push-card.tsx';
import { SessionsCard } from '../components/sessions-card.tsx';

/** /profile (sign-in only): name, language, password, e-mail, MFA, push notifications and own sessions. */
export const ProfilePage = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <div>
      <PageTitle style={{ marginBottom: 16 }}>{t('profile.title')}</PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <PersonalCard me={me} />
        </Col>
        <Col xs={24} lg={12}>
          <MfaCard me={me} />
        </Col>
        <Col xs={24} lg={12}>
          <PasswordCard />
        </Col>
        <Col xs={24} lg={12}>
          <EmailCard />
        </Col>
        <Col xs={24} lg={12}>
          <PushCard />
        </Col>
        <Col span={24}>
          <SessionsCard />
        </Col>
      </Row>
    </div>
  );
};
