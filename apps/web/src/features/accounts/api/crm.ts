import { useQuery } from '@tanstack/react-query';
import { EXTERNAL_OPERATIONS as op } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';

/** GET /api/external/clients: the CRM's clients (ClientesDispLinea), each with the company registered for it, if any. */
export const useCrmClients = () =>
  useQuery({
    queryKey: ['crm', 'clients'],
    queryFn: async ({ signal }) => (await callOperation(op.listCrmClients, { signal })).data,
  });

/** A client's legal representatives in the CRM (RepresentantesLegales by numeroCliente). */
export const useCrmLegalRepresentatives = (clientNumber: string | null) =>
  useQuery({
    queryKey: ['crm', 'clients', clientNumber, 'legal-representatives'],
    queryFn: async ({ signal }) =>
      (await callOperation(op.listCrmLegalRepresentatives, { params: { clientNumber: clientNumber! }, signal })).data,
    enabled: clientNumber !== null,
  });
