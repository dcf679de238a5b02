import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FrotaDataProvider } from '../dataProvider';

/** The integrations and their settings (secrets only as `<name>Set`), loaded once per visit. */
export const useIntegrations = () => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  return useQuery({
    queryKey: ['integrations'],
    queryFn: () => dataProvider.getIntegrations(),
    retry: false,
  });
};
