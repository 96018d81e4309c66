import { useQuery } from '@tanstack/react-query';
import type { ExternalClient, ExternalLegalRepresentative } from '@planpiso/domain';
import { api } from '../../../lib/api-client';

/** GET /api/external/clients: the CRM's clients (ClientesDispLinea), each with the company registered for it, if any. */
export const useCrmClients = () =>
  useQuery({
    queryKey: ['crm', 'clients'],
    queryFn: async ({ signal }) => (await api.get<ExternalClient[]>('/api/external/clients', undefined, signal)).data,
  });

/** A client's legal representatives in the CRM (RepresentantesLegales by numeroCliente). */
export const useCrmLegalRepresentatives = (clientNumber: string | null) =>
  useQuery({
    queryKey: ['crm', 'clients', clientNumber, 'legal-representatives'],
    queryFn: async ({ signal }) =>
      (
        await api.get<ExternalLegalRepresentative[]>(
          `/api/external/clients/${encodeURIComponent(clientNumber!)}/legal-representatives`,
          undefined,
          signal,
        )
      ).data,
    enabled: clientNumber !== null,
  });
