import type { FilterValue, ListState } from '@/components/list-screen/search-params.ts';

/** Every filter widget reads the list state and writes changed keys (undefined clears a key). */
export type FilterProps = { state: ListState; onChange: (changes: Record<string, FilterValue | undefined>) => void };
