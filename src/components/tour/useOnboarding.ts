import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { OnboardingId } from '../../../domain/enums';
import { graphqlRequest } from '../../../providers/dataProvider';
import { log } from '../../../providers/logger';

export const ONBOARDING_SEEN_QUERY =
  'query currentUserOnboardingIsSeen($id: OnboardingId!) { currentUserOnboardingIsSeen(id: $id) }';
export const SET_ONBOARDING_SEEN_MUTATION =
  'mutation setCurrentUserOnboardingSeen($id: OnboardingId!) { setCurrentUserOnboardingSeen(id: $id) }';

export const onboardingKey = (id: OnboardingId) => ['currentUserOnboardingIsSeen', id] as const;

/**
 * Whether the signed-in user has already seen an onboarding tour, and `markSeen()` to record it.
 * `seen` is undefined while loading; when the question fails the tour is treated as seen, so a
 * broken call never shows a tour on every page.
 */
export function useOnboarding(id: OnboardingId) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: onboardingKey(id),
    queryFn: async ({ signal }) => {
      const data = await graphqlRequest<{ currentUserOnboardingIsSeen: boolean }>(
        ONBOARDING_SEEN_QUERY,
        { id },
        { signal },
      );
      return data.currentUserOnboardingIsSeen;
    },
    staleTime: Infinity,
    retry: false,
  });
  const mutation = useMutation({
    mutationFn: () => graphqlRequest(SET_ONBOARDING_SEEN_MUTATION, { id }),
    // Seen at once for this session, even if recording it fails (it will simply show next time).
    onMutate: () => queryClient.setQueryData(onboardingKey(id), true),
    onError: (error) => log.warn(`setCurrentUserOnboardingSeen(${id}) failed`, error),
  });
  const { mutate } = mutation;
  const markSeen = useCallback(() => mutate(), [mutate]);

  const { error } = query;
  useEffect(() => {
    if (error) log.warn(`currentUserOnboardingIsSeen(${id}) failed`, error);
  }, [error, id]);
  const seen = query.isError ? true : query.data;
  return { seen, isPending: query.isPending, markSeen };
}
