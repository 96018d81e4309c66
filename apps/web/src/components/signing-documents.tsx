import type { ComponentProps } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SIGNING_MESSAGES, type SigningEvidence } from '@planpiso/domain';
import { DocumentToSign } from './document-to-sign';
import { SignedDocumentsTable } from './signed-documents-table';

type Props = {
  /** Every signing document of the provision or refinancing; undefined while loading. */
  documents: readonly SigningEvidence[] | undefined;
  /** The message once nothing waits for the caller's signature. */
  nothingToSign: string;
  table: Omit<ComponentProps<typeof SignedDocumentsTable>, 'evidences'>;
  onBack: () => void;
};

/**
 * The body of both 'Firmar documentos' pages (provisions and refinancings: one e-signature flow, decisions 037 and
 * 047): the documents still waiting for the caller's signature, each opening the provider's sign page in a new tab,
 * then every document in a table, then the way back.
 */
export function SigningDocuments({ documents, nothingToSign, table, onBack }: Props) {
  const toSign = (documents ?? []).filter((d) => d.signUrl);
  return (
    <>
      {documents && toSign.length === 0 && <Alert severity="info">{nothingToSign}</Alert>}
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
      <SignedDocumentsTable evidences={documents ?? []} {...table} />
      <Box>
        <Button variant="outlined" onClick={onBack}>
          {SIGNING_MESSAGES.back}
        </Button>
      </Box>
    </>
  );
}
