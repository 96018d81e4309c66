import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Replay from '@mui/icons-material/Replay';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  MESSAGES,
  SIGNING_MESSAGES,
  evidenceSizeLabel,
  signedDocumentViewable,
  signedStatusLabel,
  type SigningEvidence,
} from '@planpiso/domain';
import { IconAction } from './icon-action';
import { errorResult } from './result-dialog';
import { downloadSigningDocument, viewSigningDocument } from '../lib/signing-documents';
import { actionsColumn } from './grid-columns';
import type { GridColumn } from './grid-column';
import { useBrowserList } from './browser-list';
import { PagedGrid } from './paged-grid';

type Props = {
  /** The provision's signing documents (GET /api/provisions/{id}/evidences-signature); undefined while loading. */
  evidences: readonly SigningEvidence[] | undefined;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  /**
   * Generar documento nuevamente on a row (the refinancing detail, spec 3 §4 "Signed documents status": redo applies
   * to documents with typeSignDoc 0 or 2). Absent: no redo action.
   */
  onRedo?: (evidence: SigningEvidence) => void;
};

const { columns: LABELS } = SIGNING_MESSAGES;
const REDO_LABEL = 'Generar documento nuevamente';
const REDOABLE_SIGN_DOC_TYPES = [0, 2];

/**
 * The signed documents table (spec 3 §2 "Signed documents", §4, §9): file name, size in KB (MB above 1,000,000
 * bytes), signature status, and actions to view and download — a signed document is downloaded, never viewed.
 * Page sizes 10, 25, 50, 100. The follow-up page and /documentos-firmados/{id} both show it.
 */
export function SignedDocumentsTable({ evidences, loading, error, onRetry, onRedo }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  const browser = useBrowserList(evidences);
  const run = (action: () => Promise<void>) => {
    setFailure(null);
    action().catch((caught: unknown) => setFailure(errorResult(caught).message ?? MESSAGES.internalError));
  };

  if (error) {
    return (
      <Paper sx={{ p: 3, border: 1, borderColor: 'divider' }}>
        <Alert
          severity="error"
          action={
            onRetry && (
              <Button color="inherit" size="small" onClick={onRetry}>
                {MESSAGES.retry}
              </Button>
            )
          }
        >
          {MESSAGES.loadError}
        </Alert>
      </Paper>
    );
  }

  const columns: GridColumn<SigningEvidence>[] = [
    { field: 'fileName', headerName: LABELS.fileName, flex: 2, minWidth: 220 },
    {
      field: 'fileSize',
      headerName: LABELS.fileSize,
      minWidth: 120,
      valueFormatter: (value: number) => evidenceSizeLabel(value),
    },
    {
      field: 'signedStatus',
      headerName: LABELS.status,
      minWidth: 150,
      valueFormatter: (value: number) => signedStatusLabel(value),
    },
    actionsColumn(
      120,
      ({ row }) => (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }}>
          {signedDocumentViewable(row.signedStatus) && (
            <IconAction
              title={SIGNING_MESSAGES.view}
              label={`${SIGNING_MESSAGES.view} ${row.fileName}`}
              icon={<VisibilityOutlined fontSize="small" />}
              onClick={() => run(() => viewSigningDocument(row))}
            />
          )}
          <IconAction
            title={SIGNING_MESSAGES.download}
            label={`${SIGNING_MESSAGES.download} ${row.fileName}`}
            icon={<DownloadOutlined fontSize="small" />}
            onClick={() => run(() => downloadSigningDocument(row))}
          />
          {onRedo && REDOABLE_SIGN_DOC_TYPES.includes(row.typeSignDoc) && (
            <IconAction
              title={REDO_LABEL}
              label={`${REDO_LABEL} ${row.fileName}`}
              icon={<Replay fontSize="small" />}
              onClick={() => onRedo(row)}
            />
          )}
        </Box>
      ),
      LABELS.actions,
    ),
  ];

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <PagedGrid
        label={SIGNING_MESSAGES.signedDocumentsTitle}
        columns={columns}
        {...browser}
        loading={loading ?? evidences === undefined}
        error={false}
        onRetry={() => onRetry?.()}
        emptyLabel={SIGNING_MESSAGES.noDocuments}
      />
    </Box>
  );
}
