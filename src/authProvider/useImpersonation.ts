import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ImpersonationState } from '../../model/session';
import type { FrotaDataProvider } from '../dataProvider';

export const IMPERSONATION_QUERY = ['impersonation'];

interface Impersonation {
  /** Who signed in, while this session acts as another user; null otherwise. */
  original: ImpersonationState['original'];
  /** False until the server answered (or refused: proxy mode has no such session, 404). */
  settled: boolean;
}

/** Whether this session acts as another user since `GET /api/session/{id}`, and for whom. */
export const useImpersonation = (): Impersonation => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: IMPERSONATION_QUERY,
    queryFn: () => dataProvider.getImpersonation(),
    retry: false,
    staleTime: Infinity,
  });
  return { original: data?.original ?? null, settled: !isPending };
};
