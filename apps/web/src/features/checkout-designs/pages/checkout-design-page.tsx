import { DeleteOutlined } from '@ant-design/icons';
import { access, hasAccess } from '@kassa/domain';
import { Alert, Button, Card, Col, Form, Modal, Result, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { useMe } from '@/lib/session.ts';
import { DesignInUse, useCheckoutDesign, useDeleteCheckoutDesign } from '../api/checkout-designs.ts';
import { CheckoutDesignForm, useCheckoutDesignForm } from '../components/checkout-design-form.tsx';
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
  const [saved, setSaved] = useState(false);
  const entity = useCheckoutDesignForm(isNew ? null : (checkoutId ?? null), (row) => {
    setSaved(true);
    if (isNew) navigate(`../${row.id}`, { relative: 'path', replace: true });
  });
  const values = Form.useWatch((all) => all, entity.form) as PreviewDesign | undefined;
  const remove = useDeleteCheckoutDesign();
  const [modal, holder] = Modal.useModal();

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
  const canDelete = !isNew && hasAccess(me?.roles ?? [], access.checkoutDesign.delete);
  const confirmDelete = () =>
    modal.confirm({
      title: t('checkoutDesigns.delete'),
      content: t('checkoutDesigns.deleteConfirm', { name: design.data?.name }),
      okText: t('checkoutDesigns.delete'),
      okButtonProps: { danger: true },
      cancelText: t('checkoutDesigns.cancel'),
      // A refusal closes the dialog and is shown on the page, where it stays readable.
      onOk: () =>
        remove.mutateAsync(checkoutId as string).then(
          () => navigate('..', { relative: 'path' }),
          () => undefined,
        ),
    });
  const deleteError = remove.error
    ? remove.error instanceof DesignInUse
      ? t('checkoutDesigns.inUse', { names: remove.error.plans.join(', ') || '…' })
      : t(`errors.${remove.error instanceof ApiError ? remove.error.code : 'unknown'}`, {
          defaultValue: t('errors.unknown'),
        })
    : null;
  return (
    <>
      {holder}
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 12 }}
      >
        <PageTitle>{title}</PageTitle>
        {canDelete && (
          <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
            {t('checkoutDesigns.delete')}
          </Button>
        )}
      </div>
      {deleteError && <Alert type="error" showIcon role="alert" title={deleteError} style={{ marginBottom: 16 }} />}
      {saved && (
        <Alert type="success" showIcon closable title={t('checkoutDesigns.saved')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={11}>
          <Card>
            <CheckoutDesignForm key={design.data?.id ?? 'new'} entity={entity} design={design.data ?? null} />
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
