import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PROVISION_WIZARD_MESSAGES, SIGNING_MESSAGES } from '@planpiso/domain';
import { useProvisionDetail } from '../api/provision-wizard';
import { useSigningEvidences } from './api/signing';
import { DocumentToSign } from '../../../components/document-to-sign';
import { SignedDocumentsTable } from '../../../components/signed-documents-table';

/**
 * /firmar-disposicion/{id}, 'Firmar documentos' (spec 3 §2, issue 17): for the legal representative (type 4), the
 * documents still waiting for its signature, each opening the e-signature provider's sign page in a new tab, and
 * every document of the provision below. Coming back to this tab reloads the list (the signature arrives by
 * webhook), so a signed document leaves the list on its own.
 */
export function SignProvisionPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const valid = Number.isInteger(id) && id > 0;
  const provision = useProvisionDetail(valid ? id : null);
  const documents = useSigningEvidences(valid ? id : 0);
  const toSign = (documents.data ?? []).filter((d) => d.signUrl);

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1180 }}>
      {provision.data && (
        <Typography variant="subtitle1" component="p">
          {PROVISION_WIZARD_MESSAGES.editHeading} {provision.data.folio} · {provision.data.company.name}
        </Typography>
      )}
      {documents.isLoading && <Skeleton variant="rounded" height={72} />}
      {documents.isSuccess && toSign.length === 0 && <Alert severity="info">{SIGNING_MESSAGES.nothingToSign}</Alert>}
      {toSign.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {SIGNING_MESSAGES.signHint}
          </Typography>
          {toSign.map((document) => (
            <DocumentToSign key={document.id} document={document} signUrl={document.signUrl ?? ''} />
          ))}
        </Box>
      )}
      <Typography variant="h6" component="h2">
        {SIGNING_MESSAGES.signedDocumentsTitle}
      </Typography>
      <SignedDocumentsTable
        evidences={valid ? documents.data : []}
        loading={valid && documents.isLoading}
        error={documents.isError}
        onRetry={() => void documents.refetch()}
      />
      <Box>
        <Button variant="outlined" onClick={() => void navigate('/disposiciones')}>
          {SIGNING_MESSAGES.back}
        </Button>
      </Box>
    </Box>
  );
}
