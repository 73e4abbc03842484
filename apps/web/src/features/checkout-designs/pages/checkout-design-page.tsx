import type { TCheckoutDesignCreate } from '@kassa/domain';
import { Alert, Card, Col, Form, Result, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { useMe } from '@/lib/session.ts';
import { useCheckoutDesign } from '../api/checkout-designs.ts';
import { CheckoutDesignForm } from '../components/checkout-design-form.tsx';
import { CheckoutPreview, type PreviewDesign } from '../components/checkout-preview.tsx';
import { PageTitle } from '@/components/page-title.tsx';

/** checkout-designs/new and checkout-designs/{checkoutId}: the form beside a live preview of the hosted page. */
export const CheckoutDesignPage = () => {
  const { t } = useTranslation();
  const { checkoutId } = useParams();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const isNew = !checkoutId || checkoutId === 'new';
  const design = useCheckoutDesign(isNew ? undefined : checkoutId);
  const [form] = Form.useForm<TCheckoutDesignCreate>();
  const values = Form.useWatch((all) => all, form) as PreviewDesign | undefined;
  const [saved, setSaved] = useState(false);

  if (!isNew && design.isPending) return <Skeleton active />;
  if (!isNew && design.error)
    return (
      <Result
        status="404"
        subTitle={t(
          design.error instanceof ApiError && design.error.status === 404 ? 'detail.notFound' : 'errors.unknown',
        )}
      />
    );
  const title = isNew ? t('checkoutDesigns.create') : t('checkoutDesigns.editTitle', { name: design.data?.name });
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {saved && (
        <Alert type="success" showIcon closable title={t('checkoutDesigns.saved')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={11}>
          <Card>
            <CheckoutDesignForm
              key={design.data?.id ?? 'new'}
              form={form}
              design={design.data ?? null}
              onSaved={(row) => {
                setSaved(true);
                if (isNew) navigate(`../${row.id}`, { relative: 'path', replace: true });
              }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={13}>
          <Card title={t('checkoutDesigns.previewTitle')} style={{ position: 'sticky', top: 16 }}>
            <CheckoutPreview design={values ?? design.data ?? {}} merchantName={me?.organisation.name ?? ''} />
          </Card>
        </Col>
      </Row>
    </>
  );
};
