import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { settlementUpdatesCountQueryOptions, settlementUpdatesQueryOptions } from '../api/get-settlement-updates.ts';
import type { SettlementUpdateRow } from '../api/settlement-updates.ts';
import { settlementUpdateColumns, settlementUpdateListParams } from '../columns.tsx';
import { SettlementUpdateDetail } from '../components/settlement-update-detail.tsx';
import { SettlementUpdateForm, type SettlementUpdateDraft } from '../components/settlement-update-form.tsx';

const PATH = '/psp/admin/settlement-updates';

/** `admin/settlement-updates` (portal.md §2.4): list, detail that polls for the run, create and reverse. */
export const SettlementUpdatesPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<SettlementUpdateDraft | null>(null);
  const columns = useMemo(() => settlementUpdateColumns(t), [t]);
  return (
    <>
      <ListScreen<SettlementUpdateRow>
        listId="adminSettlementUpdates"
        title={t('settlementUpdates.title')}
        params={settlementUpdateListParams}
        columns={columns}
        listQuery={settlementUpdatesQueryOptions}
        countQuery={settlementUpdatesCountQueryOptions}
        exportPath="settlementupdate/export"
        searchByLabel={(field) => t(`fields:settlementupdate.${field}`)}
        renderDetail={(id, close) => (
          <SettlementUpdateDetail
            id={id}
            onClose={close}
            onReverse={(reversal) => {
              close();
              setDraft(reversal);
            }}
          />
        )}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft({})}>
            {t('settlementUpdates.create')}
          </Button>
        }
      />
      {draft && (
        <SettlementUpdateForm
          draft={draft}
          onClose={() => setDraft(null)}
          onCreated={(id, ran) => {
            setDraft(null);
            // After a submit that asks for a run the detail opens and polls (portal.md §4).
            if (ran) navigate(`${PATH}?open=${encodeURIComponent(id)}`);
          }}
        />
      )}
    </>
  );
};
