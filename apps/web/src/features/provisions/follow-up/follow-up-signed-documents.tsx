import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSigningEvidences } from '../signing/api/signing';
import { SignedDocumentsTable } from '../../../components/signed-documents-table';

/** The signed-documents section of the follow-up page (spec 3 §2): the signing team's table of this provision. */
export function FollowUpSignedDocuments({ provisionId }: { provisionId: number }) {
  const evidences = useSigningEvidences(provisionId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="signed-title" sx={{ p: 2.5 }}>
      <Typography id="signed-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Documentos firmados
      </Typography>
      <SignedDocumentsTable
        evidences={evidences.data}
        loading={evidences.isPending}
        error={evidences.isError}
        onRetry={() => void evidences.refetch()}
      />
    </Paper>
  );
}
