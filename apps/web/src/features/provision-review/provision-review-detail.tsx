import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  PROVISION_REVIEW_MESSAGES,
  lineTypeLabel,
  reviewConfirmLines,
  unitsMissingComment,
  type ProvisionRevision,
} from '@planpiso/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { formatAmount } from '../../lib/format';
import { useConfirmUnitsReview, useRevision } from './api/provision-review';
import { ReviewEvidenceDialog } from './review-evidence-dialog';
import { savedState } from './review-saved';
import { ReviewUnitsTable, type ReviewDraft } from './review-units-table';

const LIST = '/disposiciones-revision';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography>{value || '-'}</Typography>
    </Box>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' } as const;

/** The review form of one provision: the drafts start from what is saved; Guardar warns of pending units first. */
export function ProvisionReviewForm({ revision }: { revision: ProvisionRevision }) {
  const navigate = useNavigate();
  const save = useConfirmUnitsReview();
  const [drafts, setDrafts] = useState(
    () => new Map<number, ReviewDraft>(revision.units.map((u) => [u.id, { status: u.status, comment: u.comment }])),
  );
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<ActionResult | null>(null);
  const [evidenceOf, setEvidenceOf] = useState<ProvisionRevision['units'][number] | null>(null);
  const entries = revision.units.map((u) => ({ id: u.id, ...(drafts.get(u.id) ?? u) }));

  const change = (id: number, draft: ReviewDraft) => {
    setDrafts((current) => new Map(current).set(id, draft));
    if (missing.has(id) && draft.comment.trim() !== '') {
      setMissing((current) => new Set([...current].filter((other) => other !== id)));
    }
  };

  const askSave = () => {
    const lacking = unitsMissingComment(entries);
    setMissing(new Set(lacking));
    if (lacking.length === 0) setAsking(true);
  };

  const confirm = async () => {
    try {
      const answer = await save.mutateAsync({
        provisionId: revision.id,
        version: revision.version,
        units: entries.map(({ id, status, comment }) => ({ id, status, comment })),
      });
      // Spec 3 §8: after a disposition review update, to /disposiciones-revision with the server's message.
      void navigate(LIST, { state: savedState(answer.message ?? PROVISION_REVIEW_MESSAGES.updated) });
    } catch (error) {
      setFailure(errorResult(error));
    } finally {
      setAsking(false);
    }
  };

  return (
    // minmax(0, 1fr): the units table scrolls inside its section instead of widening the page.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Paper component="section" aria-labelledby="review-company" sx={{ p: 2, border: 1, borderColor: 'divider' }}>
        <Typography id="review-company" variant="h6" component="h2" sx={{ mb: 2 }}>
          Datos de la empresa
        </Typography>
        <Box sx={grid}>
          <Field label="N° de disposición" value={revision.folio} />
          <Field label="Empresa" value={revision.company.name} />
          <Field label="Agencia" value={revision.agency?.name ?? ''} />
          <Field label="Representante legal" value={revision.legalPerson?.name ?? ''} />
        </Box>
      </Paper>
      <Paper component="section" aria-labelledby="review-units" sx={{ p: 2, border: 1, borderColor: 'divider' }}>
        <Typography id="review-units" variant="h6" component="h2" sx={{ mb: 2 }}>
          Unidades para revisión
        </Typography>
        <Box sx={{ ...grid, mb: 2 }}>
          <Field label="Línea de crédito" value={revision.creditLine} />
          <Field label="Tipo de línea" value={lineTypeLabel(Number(revision.typeLine))} />
          <Field label="Saldo disponible" value={formatAmount(revision.availableBalance)} />
          <Field label="Saldo restante" value={formatAmount(revision.remainingBalance)} />
          <Field label="Total" value={formatAmount(revision.total)} />
        </Box>
        <ReviewUnitsTable
          units={revision.units}
          drafts={drafts}
          missing={missing}
          onChange={change}
          onEvidence={setEvidenceOf}
        />
      </Paper>
      {missing.size > 0 && <Alert severity="error">{PROVISION_REVIEW_MESSAGES.commentRequired}</Alert>}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2 }}>
        <Button onClick={() => void navigate(LIST)}>Cancelar</Button>
        <Button variant="contained" onClick={askSave} disabled={save.isPending}>
          Guardar
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        message={reviewConfirmLines(entries).join(' ')}
        busy={save.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
      <ResultDialog result={failure} onAccept={() => setFailure(null)} />
      {evidenceOf && <ReviewEvidenceDialog unit={evidenceOf} onClose={() => setEvidenceOf(null)} />}
    </Box>
  );
}

/**
 * /disposiciones-revision/{id} (spec 3 §2 "Disposition review detail", type 2): 'Datos de la empresa' and 'Unidades
 * para revisión' with the line, its balances and the total; each unit's checks, the administrator's review and its
 * evidences. A provision no longer under review (or not the administrator's) is not found.
 */
export function ProvisionReviewDetailPage() {
  const id = Number(useParams().id);
  const revision = useRevision(Number.isInteger(id) && id > 0 ? id : null);
  if (revision.isError) {
    return <Alert severity="error">{errorResult(revision.error).message ?? MESSAGES.loadError}</Alert>;
  }
  if (!revision.data) return <Skeleton variant="rounded" height={320} sx={{ maxWidth: 1180 }} />;
  return <ProvisionReviewForm key={`${revision.data.id}:${revision.data.version}`} revision={revision.data} />;
}
