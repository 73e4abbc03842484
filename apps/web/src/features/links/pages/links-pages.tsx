import { PlusOutlined } from '@ant-design/icons';
import { access } from '@kassa/domain';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { linksCountQueryOptions } from '../api/get-links-count.ts';
import { linksQueryOptions } from '../api/get-links.ts';
import type { LinkKind, LinkRow } from '../api/types.ts';
import { linkColumns } from '../columns.tsx';
import { CreateLinkDialog } from '../components/create-link-dialog.tsx';
import { LinkDetail } from '../components/link-detail.tsx';
import { LinkFilters } from '../components/link-filters.tsx';
import { linkListParams } from '../search-params.ts';

const createRoles = { 'payment-link': access.paymentLink.create, 'card-add-link': access.cardAddLink.create };

/** The payment-links and card-add-links lists; a new link opens in its detail panel to copy it. */
const Links = ({ kind }: { kind: LinkKind }) => {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const [, setSearch] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => linkColumns(t, kind), [t, kind]);
  const section = kind === 'payment-link' ? 'paymentLinks' : 'cardAddLinks';
  const onCreated = (link: LinkRow) => {
    setCreating(false);
    void message.success(t('links.created'));
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      next.set('open', link.id);
      return next;
    });
  };
  return (
    <>
      <ListScreen<LinkRow>
        listId={kind}
        title={t(`${section}.title`)}
        params={linkListParams[kind]}
        columns={columns}
        listQuery={linksQueryOptions[kind]}
        countQuery={linksCountQueryOptions[kind]}
        exportPath={`${kind}/export`}
        filters={(props) => <LinkFilters {...props} kind={kind} />}
        searchByLabel={(field) => t(`fields:link.${field}`)}
        renderDetail={(id, close) => <LinkDetail kind={kind} id={id} onClose={close} />}
        actions={
          can(createRoles[kind]) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t(`${section}.create`)}
            </Button>
          )
        }
      />
      {creating && <CreateLinkDialog kind={kind} onClose={() => setCreating(false)} onCreated={onCreated} />}
    </>
  );
};

export const PaymentLinksPage = () => <Links kind="payment-link" />;
export const CardAddLinksPage = () => <Links kind="card-add-link" />;
