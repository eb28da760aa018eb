import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiClientCreatedResponseSchema,
  apiClientListResponseSchema,
  buildPath,
  rosterPaths,
} from '@um/contract';
import type { ApiClientCreate } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

const clientsKey = ['api-clients'] as const;

export const apiClientsQueryOptions = () =>
  queryOptions({
    queryKey: clientsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(rosterPaths.apiClients, { schema: apiClientListResponseSchema, signal }))
        .data,
  });

/** Every API client, the revoked ones too. */
export function useApiClients() {
  return useQuery(apiClientsQueryOptions());
}

/** Creates a client; the answer holds its secret, which nothing shows again. */
export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApiClientCreate) =>
      (
        await apiRequest(rosterPaths.apiClients, {
          method: 'POST',
          body,
          schema: apiClientCreatedResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}

/** Revokes a client: its tokens stop working at once. */
export function useRevokeApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(buildPath(rosterPaths.apiClient, { id }), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}
