import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { apiGet } from '@/lib/api-client.ts';

export type OrganisationOption = {
  id: string;
  name: string;
  type: 'provider' | 'merchant' | 'sub';
  parent: string | null;
  path?: string;
};

/** The organisations the signed-in user may pick (the server scopes the list to its subtree); reloaded after an organisation is saved. */
export const useOrganisationOptions = () =>
  useQuery({
    queryKey: ['organisation', 'options'],
    queryFn: ({ signal }) => apiGet<OrganisationOption[]>('organisation', { _limit: 1000, _sort: 'name' }, signal),
  });

/** A searchable organisation select; `filter` narrows which organisations are offered. */
export const OrganisationPicker = ({
  filter,
  ...props
}: SelectProps<string> & { filter?: (org: OrganisationOption) => boolean }) => {
  const organisations = useOrganisationOptions();
  const options = (organisations.data ?? [])
    .filter((org) => !filter || filter(org))
    .map((org) => ({ value: org.id, label: org.name }));
  return (
    <Select<string>
      showSearch
      optionFilterProp="label"
      options={options}
      loading={organisations.isPending}
      {...props}
    />
  );
};
