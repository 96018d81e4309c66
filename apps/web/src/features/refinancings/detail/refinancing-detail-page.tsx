import { useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  PROVISION_FOLLOW_UP_MESSAGES,
  REFINANCING_STATUS_NAMES,
  refinancingAcceptUnits,
  refinancingEvidenceDialogTitle,
  refinancingEvidenceUploadAllowed,
  refinancingSelectionShown,
  refinancingTickRefusal,
  shownFolio,
  type RefinancingStatus,
  type UserType,
} from '@planpiso/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorResult } from '../../../components/result-dialog';
import { SignedDocumentsTable } from '../../../components/signed-documents-table';
import { useUserType } from '../../../lib/can';
import { refinancingCalls } from './api/refinancing-actions';
import { useRefinancingDetail, type RefinancingDetail, type RefinancingDetailUnit } from './api/refinancing-detail';
import { RefinancingAcceptBar } from './refinancing-accept-bar';
import { RefinancingDetailActions } from './refinancing-detail-actions';
import { RefinancingDetailSummary } from './refinancing-detail-summary';
import { RefinancingDetailUnits } from './refinancing-detail-units';
import { RefinancingEvidenceDialog } from './refinancing-evidence-dialog';
import { useRefinancingRunner } from './use-refinancing-runner';
import { DetailSection } from '../../../components/detail-section';

/**
 * /refinanciamientos/{id} "Seguimiento de refinanciamiento" (spec 3 §2, §4, §6; decisions 045, 049): the refinancing's
 * data and balances, its units with their checks, evidences and the administrator's verdicts, the signing documents
 * and the buttons the server's `actions` offer this user.
 */
export function RefinancingDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const userType = useUserType();
  const detail = useRefinancingDetail(valid ? id : null);
  if (userType === null) return null;
  if (!valid) return <Alert severity="error">{MESSAGES.notFound}</Alert>;
  if (detail.isError) return <Alert severity="error">{errorResult(detail.error).message ?? MESSAGES.loadError}</Alert>;
  if (!detail.data) return <Skeleton variant="rounded" height={420} sx={{ maxWidth: 1280 }} />;
  return <RefinancingDetailView refinancing={detail.data} userType={userType} />;
}

const NONE: ReadonlySet<number> = new Set();

function RefinancingDetailView({ refinancing, userType }: { refinancing: RefinancingDetail; userType: UserType }) {
  const runner = useRefinancingRunner(refinancing.id);
  // The operator's ticks, for the version they were made on: a new version (an action, another user's) starts again.
  const [ticks, setTicks] = useState<{ version: number; ticked: ReadonlySet<number> }>({
    version: refinancing.version,
    ticked: new Set(),
  });
  const ticked = ticks.version === refinancing.version ? ticks.ticked : NONE;
  const setTicked = (next: ReadonlySet<number>) => setTicks({ version: refinancing.version, ticked: next });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [evidenceOf, setEvidenceOf] = useState<RefinancingDetailUnit | null>(null);
  const [redo, setRedo] = useState<number | null>(null);

  const accepting = refinancing.actions.includes('accept');
  // Spec 3 §4 "total zeroed in that view": while the operator accepts, the total is the ticked units' sum.
  const total = accepting ? refinancingAcceptUnits(refinancing.units, ticked).total : refinancing.total;

  const tick = (unit: RefinancingDetailUnit, checked: boolean) => {
    setRefusal(null);
    if (!checked) return setTicked(new Set([...ticked].filter((unitId) => unitId !== unit.id)));
    const selected = refinancing.units.filter((other) => ticked.has(other.id));
    const refused = refinancingTickRefusal(unit, selected);
    if (refused) return setRefusal(refused);
    setTicked(new Set([...ticked, unit.id]));
  };

  const folio = shownFolio(refinancing);
  const evidenceTitle = refinancingEvidenceDialogTitle(userType, refinancing);
  const bar = accepting || refinancing.actions.includes('reject');
  return (
    <Box sx={{ display: 'grid', gap: 2.5, maxWidth: 1280, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {`N° de Refinanciamiento ${folio}`}
        </Typography>
        <Chip
          label={REFINANCING_STATUS_NAMES[refinancing.status as RefinancingStatus] ?? String(refinancing.status)}
          color="primary"
          variant="outlined"
        />
      </Box>
      <RefinancingDetailSummary refinancing={refinancing} userType={userType} total={total} />
      <RefinancingDetailUnits
        units={refinancing.units}
        selection={
          refinancingSelectionShown(userType, refinancing.status) ? { ticked, editable: accepting, onTick: tick } : null
        }
        refusal={refusal}
        onDismissRefusal={() => setRefusal(null)}
        evidenceTitle={evidenceTitle}
        onEvidence={setEvidenceOf}
      />
      {refinancing.documents.length > 0 && (
        <DetailSection id="refinancing-documents-title" title="Documentos firmados">
          <SignedDocumentsTable
            evidences={refinancing.documents}
            loading={false}
            onRedo={refinancing.actions.includes('redoDocument') ? (document) => setRedo(document.id) : undefined}
          />
        </DetailSection>
      )}
      <Paper variant="outlined" component="section" aria-label="Acciones" sx={{ p: 2, display: 'grid', gap: 2 }}>
        {bar && (
          <RefinancingAcceptBar key={refinancing.version} refinancing={refinancing} ticked={ticked} runner={runner} />
        )}
        <RefinancingDetailActions
          refinancing={refinancing}
          userType={userType}
          runner={runner}
          onEvidence={setEvidenceOf}
        />
      </Paper>
      <RefinancingEvidenceDialog
        refinancingId={refinancing.id}
        unit={evidenceOf}
        title={evidenceTitle}
        canUpload={refinancingEvidenceUploadAllowed(userType, refinancing)}
        onClose={() => setEvidenceOf(null)}
      />
      <ConfirmDialog
        open={redo !== null}
        message={PROVISION_FOLLOW_UP_MESSAGES.confirmRedo}
        busy={runner.busy}
        onCancel={() => setRedo(null)}
        onConfirm={() => {
          const documentId = redo;
          setRedo(null);
          if (documentId !== null)
            void runner.run((id) => refinancingCalls.redoDocument(id, documentId, refinancing.version));
        }}
      />
      {runner.dialog}
    </Box>
  );
}
