import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

type OrganisationOption = { id: string; name: string; type: 'provider' | 'merchant' | 'sub' };

/** The organisations a user may be placed in (the server scopes the list to the actor's subtree). */
export const getOrganisationOptions = (signal?: AbortSignal) =>
  apiGet<OrganisationOption[]>('organisation', { _limit: 1000, _sort: 'name' }, signal);

export const useOrganisationOptions = () =>
  useQuery({ queryKey: ['organisation', 'options'], queryFn: ({ signal }) => getOrganisationOptions(signal) });
