import { useLocation } from 'react-router';
import { ColourTag } from '@/components/colour-tag.tsx';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useTags } from '../api/get-tags.ts';

/**
 * A transaction's tags by name and colour; an id shows only while the tag list is unavailable.
 */
export const TransactionTags = ({ ids }: { ids: string[] }) => {
  const { pathname } = useLocation();
  const { data: tags } = useTags(useOrganisationScope(pathname));
  if (ids.length === 0) return null;
  const byId = new Map((tags ?? []).map((tag) => [tag.id, tag]));
  return ids.map((id) => {
    const tag = byId.get(id);
    return (
      <ColourTag key={id} colour={tag?.colour}>
        {tag?.text ?? id}
      </ColourTag>
    );
  });
};
