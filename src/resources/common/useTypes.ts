import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FrotaDataProvider } from '../../dataProvider';

type TypeList = 'commandTypes' | 'notificationTypes' | 'notificators';

/** `/api/commands/types`, `/api/notifications/types` or `/notificators`, as `{id}` choices. */
export const useTypeChoices = (list: TypeList) => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { data = [], isPending } = useQuery({
    queryKey: ['types', list],
    queryFn: () => dataProvider[list](),
    staleTime: 5 * 60_000,
  });
  return { choices: data.map((id) => ({ id })), isPending };
};
