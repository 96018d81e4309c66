import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SIGNING_MESSAGES } from '@planpiso/domain';
import { ProvisionHeading, useProvisionDocuments } from './provision-documents';
import { SignedDocumentsTable } from '../../../components/signed-documents-table';

/**
 * /documentos-firmados/{id} (spec 3 §2 "Signed documents"): the provision's documents — file name, size, signature
 * status, view and download — and a Regresar button back to the provision's follow-up.
 */
export function SignedDocumentsPage() {
  const { id, valid, provision, documents } = useProvisionDocuments();
  const navigate = useNavigate();

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1180 }}>
      <ProvisionHeading provision={provision} />
      <SignedDocumentsTable
        evidences={valid ? documents.data : []}
        loading={valid && documents.isLoading}
        error={documents.isError}
        onRetry={() => void documents.refetch()}
      />
      <Box>
        <Button variant="outlined" onClick={() => void navigate(`/vizualizar-disposicion/${id}`)}>
          {SIGNING_MESSAGES.back}
        </Button>
      </Box>
    </Box>
  );
}
