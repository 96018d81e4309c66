import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { SIGNING_MESSAGES } from '@planpiso/domain';
import { ProvisionHeading, useProvisionDocuments } from './provision-documents';
import { SigningDocuments } from '../../../components/signing-documents';

/**
 * /firmar-disposicion/{id}, 'Firmar documentos' (spec 3 §2, issue 17): for the legal representative (type 4), the
 * documents still waiting for its signature, each opening the e-signature provider's sign page in a new tab, and
 * every document of the provision below. Coming back to this tab reloads the list (the signature arrives by
 * webhook), so a signed document leaves the list on its own.
 */
export function SignProvisionPage() {
  const { valid, provision, documents } = useProvisionDocuments();
  const navigate = useNavigate();

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1180 }}>
      <ProvisionHeading provision={provision} />
      {documents.isLoading && <Skeleton variant="rounded" height={72} />}
      <SigningDocuments
        documents={documents.isSuccess ? documents.data : undefined}
        nothingToSign={SIGNING_MESSAGES.nothingToSign}
        table={{
          loading: valid && documents.isLoading,
          error: documents.isError,
          onRetry: () => void documents.refetch(),
        }}
        onBack={() => void navigate('/disposiciones')}
      />
    </Box>
  );
}
