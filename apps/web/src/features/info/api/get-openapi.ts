import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toReference } from '../lib/openapi-reference.ts';

/** The server's own OpenAPI document, turned into the reference model. */
export const useApiReference = () =>
  useQuery({
    queryKey: ['openapi'],
    queryFn: async () => toReference(await api<unknown>('/api/docs/json')),
    staleTime: 5 * 60_000,
  });
