import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useOperations } from '../../components/useOperations';
import { isActive, type Job } from './superAdmin';

export const ULTIMOS_JOBS_KEY = ['superAdmin', 'ultimosJobs'];

/** While a job is pending or running, its progress is read again this often. */
export const JOB_REFRESH_MS = 2000;

/** The newest job of each super-admin queue, refreshed every 2 s while one is pending or running. */
export function useUltimosJobs() {
  const { query } = useOperations('superAdmin');
  return useQuery({
    queryKey: ULTIMOS_JOBS_KEY,
    queryFn: ({ signal }) => query<Job[]>('ultimosJobs', {}, { signal }),
    refetchInterval: (query) => (query.state.data?.some(isActive) ? JOB_REFRESH_MS : false),
    retry: false,
  });
}

/** Shows a job just queued at once (it replaces its queue's previous one), then reads the list again. */
export function useJobQueued() {
  const queryClient = useQueryClient();
  return useCallback(
    (job: Job) => {
      queryClient.setQueryData<Job[]>(ULTIMOS_JOBS_KEY, (jobs = []) => [
        ...jobs.filter((j) => j.fila !== job.fila),
        job,
      ]);
      void queryClient.invalidateQueries({ queryKey: ULTIMOS_JOBS_KEY });
    },
    [queryClient],
  );
}
