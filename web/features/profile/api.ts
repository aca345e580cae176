/** The signed-in user's profile: saving it updates the session everything else reads. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDto } from '#http/dto.ts';
import type { ProfileInput } from '#http/schemas.ts';
import { request } from '../../lib/api.ts';
import { sessionQuery } from '../../lib/queries.ts';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileInput) => request<ProfileDto>('/api/me/profile', { method: 'PUT', body, signedIn: true }),
    onSuccess: (saved) => {
      // The navbar menu and My Profile read the session: show the new profile at once.
      queryClient.setQueryData(sessionQuery.queryKey, (old) => (old ? { ...old, profile: saved } : old));
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}
