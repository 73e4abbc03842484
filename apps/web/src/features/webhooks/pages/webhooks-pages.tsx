import { PlusOutlined } from '@ant-design/icons';
import { access, hasAccess } from '@kassa/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { organisationFor, useOrganisationScope } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { useWebhook } from '../api/get-webhook.ts';
import { webhooksCountQueryOptions, webhooksQueryOptions } from '../api/get-webhooks.ts';
import { populated, type WebhookRow } from '../api/types.ts';
import { webhookColumns } from '../columns.tsx';
import { WebhookDetail } from '../components/webhook-detail.tsx';
import { WebhookFilters } from '../components/webhook-filters.tsx';
import { WebhookTestForm, type WebhookTestValues } from '../components/webhook-test-form.tsx';
import { webhookListParams } from '../search-params.ts';

/** The path of webhook testing beside the current list (inside a provider's merchant context too). */
const testingPathOf = (pathname: string) => pathname.replace(/\/(webhooks|webhook-testing)$/, '/webhook-testing');

const Webhooks = ({
  listId,
  title,
  testing = false,
  merchantView = true,
}: {
  listId: string;
  title: string;
  testing?: boolean;
  merchantView?: boolean;
}) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { data: me } = useMe();
  const canCreate = hasAccess(me?.roles ?? [], [...access.webhook.create, 'PSP_ALL']);
  const cloneBase = merchantView && canCreate ? testingPathOf(pathname) : null;
  const columns = useMemo(() => webhookColumns(t, cloneBase), [t, cloneBase]);
  const cloneId = testing ? search.get('_clone') : null;
  const clone = useWebhook(cloneId, useOrganisationScope(pathname));
  const [creating, setCreating] = useState(false);
  const formOpen = testing && (creating || Boolean(cloneId && clone.data));
  const ownOrganisation =
    organisationFor(pathname) ?? (me?.organisation.type !== 'provider' ? me?.organisation.id : undefined);
  const initial: Partial<WebhookTestValues> = clone.data
    ? {
        organisation: populated<{ id: string }>(clone.data.organisation)?.id ?? (clone.data.organisation as string),
        url: clone.data.url,
        type: clone.data.type as WebhookTestValues['type'],
        status: clone.data.status,
        item_id: clone.data.item_id ?? undefined,
      }
    : { organisation: ownOrganisation ?? undefined };
  const close = () => {
    setCreating(false);
    if (cloneId)
      setSearch((params) => {
        params.delete('_clone');
        return params;
      });
  };
  return (
    <>
      <ListScreen<WebhookRow>
        listId={listId}
        title={title}
        params={webhookListParams}
        columns={columns}
        listQuery={webhooksQueryOptions}
        countQuery={webhooksCountQueryOptions}
        exportPath="webhook/export"
        filters={(props) => <WebhookFilters {...props} />}
        searchByLabel={(field) => t(`fields:webhook.${field}`)}
        renderDetail={(id, closeDetail) => <WebhookDetail id={id} onClose={closeDetail} />}
        actions={
          testing &&
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('webhooks.create')}
            </Button>
          )
        }
      />
      {formOpen && (
        <WebhookTestForm
          key={cloneId ?? 'new'}
          open
          initial={initial}
          onClose={close}
          onOpenWebhook={(id) => {
            close();
            navigate(`${pathname}?open=${encodeURIComponent(id)}`);
          }}
        />
      )}
    </>
  );
};

/** `/webhooks` (portal.md §2.5, title 'Webhooks'). */
export const WebhooksPage = () => {
  const { t } = useTranslation();
  return <Webhooks listId="webhooks" title={t('webhooks.title')} />;
};

/** `/webhook-testing`: the same list with a create button that sends a real test event. */
export const WebhookTestingPage = () => {
  const { t } = useTranslation();
  return <Webhooks listId="webhookTesting" title={t('webhooks.testingTitle')} testing />;
};

/** `/psp/webhooks`: every merchant's webhooks for provider staff. */
export const PspWebhooksPage = () => {
  const { t } = useTranslation();
  return <Webhooks listId="pspWebhooks" title={t('webhooks.title')} merchantView={false} />;
};
