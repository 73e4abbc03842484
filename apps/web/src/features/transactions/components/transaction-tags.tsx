import { Tag } from 'antd';
import { useLocation } from 'react-router';
import { useOrganisationScope } from '../../../lib/org-context.ts';
import { useTags } from '../api/get-tags.ts';

/** A transaction's tags by name and colour; an id shows only while the tag list is unavailable. */
export const TransactionTags = ({ ids }: { ids: string[] }) => {
  const { pathname } = useLocation();
  const { data: tags } = useTags(useOrganisationScope(pathname));
  if (ids.length === 0) return null;
  const byId = new Map((tags ?? []).map((tag) => [tag.id, tag]));
  return ids.map((id) => {
    const tag = byId.get(id);
    return (
      <Tag key={id} color={tag?.colour}>
        {tag?.text ?? id}
      </Tag>
    );
  });
};
