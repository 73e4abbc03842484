import { PlusOutlined } from '@ant-design/icons';
import { access } from '@kassa/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { tagsCountQueryOptions, tagsQueryOptions } from '../api/get-tags.ts';
import type { TagRow } from '../api/types.ts';
import { TagForm } from '../components/tag-form.tsx';
import { tagColumns } from '../tag-columns.tsx';
import { useAllTags } from '../api/get-tags.ts';
import { useIsInherited } from '../api/get-choices.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useLocation } from 'react-router';

const params: ListParamsDef = {
  filters: { id: param.text() },
  sortable: ['text', 'created_at'],
  defaultSort: 'text',
  searchBy: ['text', 'id'],
};

const TagDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const scope = useOrganisationScope(useLocation().pathname);
  const tags = useAllTags(scope);
  const isInherited = useIsInherited(scope);
  const tag = tags.data?.find((row) => row.id === id);
  return tag ? <TagForm tag={tag} readOnly={isInherited(tag.organisation)} onClose={onClose} /> : null;
};

/** `/tags` and `/psp/tags` (risk-config.md §2.1, §2.2, §6 TAG_*). */
export const TagsPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const columns = useMemo(() => tagColumns(t), [t]);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ListScreen<TagRow>
        listId="tags"
        title={t('tags.title')}
        params={params}
        columns={columns}
        listQuery={tagsQueryOptions}
        countQuery={tagsCountQueryOptions}
        exportPath="tag/export"
        searchByLabel={(field) => t(`tags.fields.${field}`)}
        renderDetail={(id, close) => <TagDetail id={id} onClose={close} />}
        actions={
          can(access.tag.create) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('tags.create')}
            </Button>
          )
        }
      />
      {creating && <TagForm onClose={() => setCreating(false)} />}
    </>
  );
};
