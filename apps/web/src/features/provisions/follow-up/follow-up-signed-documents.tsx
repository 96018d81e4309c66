import { useSigningEvidences } from '../signing/api/signing';
import { SignedDocumentsTable } from '../../../components/signed-documents-table';
import { DetailSection } from '../../../components/detail-section';

/** The signed-documents section of the follow-up page (spec 3 §2): the signing team's table of this provision. */
export function FollowUpSignedDocuments({ provisionId }: { provisionId: number }) {
  const evidences = useSigningEvidences(provisionId);
  return (
    <DetailSection id="signed-title" title="Documentos firmados">
      <SignedDocumentsTable
        evidences={evidences.data}
        loading={evidences.isPending}
        error={evidences.isError}
        onRetry={() => void evidences.refetch()}
      />
    </DetailSection>
  );
}
