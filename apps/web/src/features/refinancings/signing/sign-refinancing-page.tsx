import { useNavigate, useParams } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  REFINANCING_DOCUMENT_OPERATIONS,
  REFINANCING_SIGNING_MESSAGES,
  REFINANCING_STATUS_NAMES,
  type RefinancingStatus,
} from '@planpiso/domain';
import { errorResult } from '../../../components/result-dialog';
import { SigningDocuments } from '../../../components/signing-documents';
import { callOperation } from '../../../lib/operation-client';

/** GET /api/refinancings/{id}/signing (type 4): the refinancing's folio, company, status and signing documents. */
const signingQuery = (id: number) =>
  queryOptions({
    queryKey: ['refinancings', 'signing', id] as const,
    queryFn: async ({ signal }) =>
      (await callOperation(REFINANCING_DOCUMENT_OPERATIONS.getRefinancingSigning, { params: { id }, signal })).data,
    retry: false,
    staleTime: 0,
    // The signature arrives by the provider's webhook while the person is on the provider's tab: coming back reloads.
    refetchOnWindowFocus: true,
  });

/**
 * /firmar-refinanciamiento/{id}, 'Firmar documentos' (issue 26): the provisions' signing page for a refinancing. The
 * legal representative (type 4) sees the documents still waiting for its signature, each opening the e-signature
 * provider's sign page in a new tab (the same flow as /firmar-disposicion, decisions 037 and 047), and every
 * document of the refinancing below.
 */
export function SignRefinancingPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const valid = Number.isInteger(id) && id > 0;
  const signing = useQuery({ ...signingQuery(valid ? id : 0), enabled: valid });
  if (!valid) return <Alert severity="error">{MESSAGES.notFound}</Alert>;
  if (signing.isError)
    return <Alert severity="error">{errorResult(signing.error).message ?? MESSAGES.loadError}</Alert>;
  const data = signing.data;

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1180, minWidth: 0 }}>
      {data ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {REFINANCING_SIGNING_MESSAGES.heading(data.folio, data.companyName)}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color="primary"
            label={REFINANCING_STATUS_NAMES[data.status as RefinancingStatus] ?? String(data.status)}
          />
        </Box>
      ) : (
        <Skeleton variant="rounded" height={72} />
      )}
      <SigningDocuments
        documents={data?.documents}
        nothingToSign={REFINANCING_SIGNING_MESSAGES.nothingToSign}
        table={{ loading: signing.isLoading }}
        onBack={() => void navigate('/refinanciamientos')}
      />
    </Box>
  );
}
