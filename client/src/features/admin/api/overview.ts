/** The administration home: counts and the latest analyses across users. */
import { useQuery } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import { adminKeys } from './keys';

export const LATEST_ANALYSES_SHOWN = 8;

export function useAnalysesCount() {
  const backend = useBackend();
  return useQuery({ queryKey: adminKeys.analysesCount(), queryFn: () => backend.users.countAllVideoAnalyses() });
}

export function useLatestAnalyses() {
  const backend = useBackend();
  return useQuery({
    queryKey: adminKeys.latestAnalyses(LATEST_ANALYSES_SHOWN),
    queryFn: () => backend.users.latestVideoAnalyses(LATEST_ANALYSES_SHOWN),
  });
}
