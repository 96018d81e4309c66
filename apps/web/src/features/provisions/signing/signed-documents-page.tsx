import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PROVISION_WIZARD_MESSAGES, SIGNING_MESSAGES } from '@planpiso/domain';
import { useProvisionDetail } from '../api/provision-wizard';
import { useSigningEvidences } from './api/signing';
import { SignedDocumentsTable } from '../../../components/signed-documents-table';

/**
 * /documentos-firmados/{id} (spec 3 §2 "Signed documents"): the provision's documents — file name, size, signature
 * status, view and download — and a Regresar button back to the provision's follow-up.
 */
export function SignedDocumentsPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const valid = Number.isInteger(id) && id > 0;
  const provision = useProvisionDetail(valid ? id : null);
  const documents = useSigningEvidences(valid ? id : 0);

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1180 }}>
      {provision.data && (
        <Typography variant="subtitle1" component="p">
          {PROVISION_WIZARD_MESSAGES.editHeading} {provision.data.folio} · {provision.data.company.name}
        </Typography>
      )}
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
