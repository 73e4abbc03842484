import { useQuery } from '@tanstack/react-query';
import { countOptions, listOptions } from '@/lib/entity-api.ts';
import type { TagRow } from './types.ts';

/** `GET /v1/tag` (filtered by organisation through the context, §7), its count, and every tag for selects. */
export const tagsQueryOptions = listOptions<TagRow>('tag');
export const tagsCountQueryOptions = countOptions('tag');
export const useAllTags = (scope: string) => useQuery(tagsQueryOptions({ _limit: 500, _sort: 'text' }, scope));
