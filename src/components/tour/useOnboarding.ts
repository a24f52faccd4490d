import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useAuthProvider } from 'react-admin';
import type { OnboardingId } from '../../../domain/enums';
import type { PortalIdentity } from '../../../providers/authProvider';
import { log } from '../../../providers/logger';
import { useOperations } from '../useOperations';

export const onboardingKey = (id: OnboardingId) => ['onboardingVisto', id] as const;

/**
 * Whether the signed-in user has already seen an onboarding tour, and `markSeen()` to record it on
 * the server. The answer comes with the signed-in user (usuarioLogado.onboardingsVistos, read once
 * at sign-in by the auth provider), so no request of its own delays the tour. `seen` is undefined
 * while loading; when the user could not be read the tour is treated as seen, so a broken call
 * never shows a tour on every page.
 */
export function useOnboarding(id: OnboardingId) {
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider();
  const { mutate: send } = useOperations('sessao');
  const query = useQuery({
    queryKey: onboardingKey(id),
    queryFn: async () => {
      const identity = (await authProvider?.getIdentity?.()) as PortalIdentity | undefined;
      return identity?.onboardingsVistos?.includes(id) ?? true;
    },
    staleTime: Infinity,
    retry: false,
  });
  const mutation = useMutation({
    mutationFn: () => send('onboardingVisto', { id }),
    // Seen at once for this session, even if recording it fails (it will simply show next time).
    onMutate: () => queryClient.setQueryData(onboardingKey(id), true),
    onError: (error) => log.warn(`setCurrentUserOnboardingSeen(${id}) failed`, error),
  });
  const { mutate } = mutation;
  const markSeen = useCallback(() => mutate(), [mutate]);

  const { error } = query;
  useEffect(() => {
    if (error) log.warn(`onboarding ${id}: the signed-in user could not be read`, error);
  }, [error, id]);
  const seen = query.isError ? true : query.data;
  return { seen, isPending: query.isPending, markSeen };
}
