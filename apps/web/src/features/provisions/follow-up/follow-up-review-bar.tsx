import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Refresh from '@mui/icons-material/Refresh';
import {
  MESSAGES,
  PROVISION_STATUS,
  changedReviewCount,
  confirmRejectProvision,
  provisionConfirmed,
  provisionRejected,
  reviewChangesFound,
  unitsInReviewLabel,
} from '@planpiso/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ManualFolioControl, useManualFolio } from '../../../components/financing/manual-folio';
import { errorResult } from '../../../components/result-dialog';
import { followUpCalls } from './api/follow-up-actions';
import { getFollowUpDetail, type FollowUpDetail, type FollowUpUnit } from './api/follow-up-detail';
import { unitTick, type UnitSelection } from './follow-up-units';
import type { FollowUpRunner } from './use-follow-up-runner';

type Props = {
  provision: FollowUpDetail;
  /** The lender's own ticks (the other units keep their start, see unitTick). */
  ticks: UnitSelection;
  /** Every unit the page has shown, as shown. */
  seen: ReadonlyMap<number, FollowUpUnit>;
  runner: FollowUpRunner;
  /** Refrescar, or 'Sí' in the changes-found dialog: show this read of the provision (null: read it again). */
  onRefresh: (fresh: FollowUpDetail | null) => void;
};

type Ticks = { id: number; included: boolean }[];

/**
 * The lender's validation at status 3 (spec 3 §4, types 1 and 3): the units-in-review counter, the manual folio
 * option, Refrescar, Rechazar and Confirmar. Confirmar reads every unit again (the table shows a page at a time): a
 * unit the page showed keeps the tick it showed, one never shown its start; when the administrator's review of a
 * shown unit changed since, the changes-found dialog offers to refresh the table (Sí) or to send the ticks as they
 * are (No).
 */
export function FollowUpReviewBar({ provision, ticks, seen, runner, onRefresh }: Props) {
  const manual = useManualFolio(provision);
  const [rejecting, setRejecting] = useState(false);
  const [checking, setChecking] = useState(false);
  const [changes, setChanges] = useState<{ count: number; fresh: FollowUpDetail; units: Ticks } | null>(null);

  // Rechazar sends no ticks: the server returns every unit to review as it was.
  const body = (status: 4 | 9, version: number, units: Ticks) => ({ status, version, units, ...manual.fields() });
  // The number users quote: the manual folio when one is typed, else the folio.
  const folio = manual.fields().manualFolio || provision.folio;

  const send = (version: number, units: Ticks) =>
    runner.run((id) => followUpCalls.confirmReject(id, body(PROVISION_STATUS.ACCEPTED, version, units)), {
      success: provisionConfirmed(folio),
      leaves: true,
    });

  const confirm = async () => {
    setChecking(true);
    let fresh: FollowUpDetail;
    try {
      fresh = await getFollowUpDetail(provision.id, 'all');
    } catch (error) {
      setChecking(false);
      return runner.refuse(errorResult(error).message ?? MESSAGES.loadError);
    }
    setChecking(false);
    const units = fresh.units.map((unit) => ({ id: unit.id, included: unitTick(seen.get(unit.id) ?? unit, ticks) }));
    if (!units.some((unit) => unit.included)) return runner.refuse(MESSAGES.selectAtLeastOneUnit);
    const invalid = manual.check();
    if (invalid) return runner.refuse(invalid);
    const count = changedReviewCount(
      [...seen.values()],
      fresh.units.filter((unit) => seen.has(unit.id)),
    );
    if (count > 0) setChanges({ count, fresh, units });
    else await send(provision.version, units);
  };

  const busy = runner.busy || checking;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      <Chip color="primary" variant="outlined" label={unitsInReviewLabel(provision.unitsInReview)} />
      <ManualFolioControl folio={manual} toggle="checkbox" fieldLabel="Folio manual" />
      <Box sx={{ flex: 1 }} />
      <Button startIcon={<Refresh />} onClick={() => onRefresh(null)} disabled={busy}>
        Refrescar
      </Button>
      <Button variant="outlined" color="error" onClick={() => setRejecting(true)} disabled={busy}>
        Rechazar
      </Button>
      <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
        Confirmar
      </Button>
      <ConfirmDialog
        open={rejecting}
        message={confirmRejectProvision(provision.folio)}
        busy={runner.busy}
        onCancel={() => setRejecting(false)}
        onConfirm={() => {
          setRejecting(false);
          void runner.run(
            (id) => followUpCalls.confirmReject(id, body(PROVISION_STATUS.REJECTED, provision.version, [])),
            {
              success: provisionRejected(folio),
              leaves: true,
            },
          );
        }}
      />
      <Dialog
        open={changes !== null}
        onClose={() => setChanges(null)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="changes-title"
      >
        <DialogTitle id="changes-title">Cambios encontrados</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ color: 'text.primary' }}>
            {reviewChangesFound(changes?.count ?? 0)}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              // No: the ticks go as entered. The user has seen that the review moved on, so the fresh version is sent.
              const fresh = changes?.fresh;
              const units = changes?.units ?? [];
              setChanges(null);
              if (fresh) void send(fresh.version, units);
            }}
          >
            No
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              const fresh = changes?.fresh ?? null;
              setChanges(null);
              onRefresh(fresh);
            }}
          >
            Sí
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
