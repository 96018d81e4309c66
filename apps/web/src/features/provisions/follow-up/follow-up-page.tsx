import { useLayoutEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MESSAGES, isDealer, provisionStatusName, shownFolio } from '@planpiso/domain';
import { errorResult } from '../../../components/result-dialog';
import { useUserType } from '../../../lib/can';
import { serverPage, usePageWindow, type PagedRows } from '../../../components/paged-rows';
import {
  followUpKeys,
  useFollowUpDetail,
  useFollowUpUnits,
  type FollowUpDetail,
  type FollowUpUnit,
} from './api/follow-up-detail';
import { openFileLink } from './api/file-link';
import { FollowUpActions, followUpButtons } from './follow-up-actions';
import { FollowUpCompany } from './follow-up-company';
import { FollowUpReviewBar } from './follow-up-review-bar';
import { FollowUpSignedDocuments } from './follow-up-signed-documents';
import { FollowUpTimeline } from './follow-up-timeline';
import { FollowUpTracker } from './follow-up-tracker';
import { FollowUpUnits, type UnitSelection } from './follow-up-units';
import { useFollowUpRunner } from './use-follow-up-runner';

/**
 * /vizualizar-disposicion/{id} and /vizualizar-expediente/{id} (spec 3 §2 "Follow-up"): the tracker (dealer types
 * only), company data, signed documents, the units with their line and balances, the actions this user may take at
 * this status (the server's `actions`, from the domain machine) and the provision's timeline.
 */
export function FollowUpPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const userType = useUserType();
  const detail = useFollowUpDetail(valid ? id : null);
  // The units' first page beside the detail, and the page shown only with both: nothing moves once it shows.
  const unitsWindow = usePageWindow();
  const unitsPage = useFollowUpUnits(valid ? id : null, unitsWindow.page + 1, unitsWindow.pageSize);
  if (userType === null) return null;
  const failed = detail.error ?? unitsPage.error;
  if (failed) return <Alert severity="error">{errorResult(failed).message ?? MESSAGES.loadError}</Alert>;
  if (!detail.data || !unitsPage.data) return <Skeleton variant="rounded" height={420} sx={{ maxWidth: 1180 }} />;
  return (
    <FollowUpView
      provision={detail.data}
      units={serverPage(unitsWindow, unitsPage.data)}
      unitsLoading={unitsPage.isFetching}
      userType={userType}
    />
  );
}

function FollowUpView({
  provision,
  units,
  unitsLoading,
  userType,
}: {
  provision: FollowUpDetail;
  units: PagedRows<FollowUpUnit>;
  unitsLoading: boolean;
  userType: NonNullable<ReturnType<typeof useUserType>>;
}) {
  const client = useQueryClient();
  const runner = useFollowUpRunner(provision.id);
  // The user's own ticks at status 3, over the starting ones; Refrescar and 'Sí' (changes found) drop them.
  const [ticks, setTicks] = useState<UnitSelection>({});
  const [fileError, setFileError] = useState<string | null>(null);
  // Every unit the user has been shown, as shown: Confirmar sends their ticks as seen and counts what changed since.
  const [seen, setSeen] = useState<ReadonlyMap<number, FollowUpUnit>>(new Map());
  const shown = units.visible;
  // Before the browser paints the units (not after, as an effect would): a Confirmar pressed at once still counts them.
  useLayoutEffect(() => {
    setSeen((current) => new Map([...current, ...shown.map((unit) => [unit.id, unit] as const)]));
  }, [shown]);
  const validating = provision.actions.includes('confirm') || provision.actions.includes('reject');

  const refresh = (fresh: FollowUpDetail | null) => {
    setTicks({});
    // 'Sí': the fresh read's units are what the user now has before them. Refrescar keeps the units as shown until
    // the table's page comes back (a page read again with equal data keeps its rows, and they are still right).
    if (fresh) {
      const byId = new Map(fresh.units.map((unit) => [unit.id, unit]));
      setSeen((current) => new Map([...current].map(([id, unit]) => [id, byId.get(id) ?? unit])));
      client.setQueryData(followUpKeys.detail(provision.id), fresh);
    } else void client.invalidateQueries({ queryKey: followUpKeys.detail(provision.id) });
    void client.invalidateQueries({ queryKey: followUpKeys.units(provision.id) });
    void client.invalidateQueries({ queryKey: followUpKeys.timeline(provision.id) });
  };

  return (
    // One column no wider than the window: a wide table scrolls inside its section on a phone, not the whole page.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5, maxWidth: 1180 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {`N° de Disposición ${shownFolio(provision)}`}
        </Typography>
        <Chip label={provisionStatusName(provision.status)} color="primary" variant="outlined" />
      </Box>
      {/* Spec 3 §2: the tracker and its title for roles other than 1, 2 and 3 — the dealer's. */}
      {isDealer(userType) && <FollowUpTracker status={provision.status} />}
      {fileError && (
        <Alert severity="error" onClose={() => setFileError(null)}>
          {fileError}
        </Alert>
      )}
      <FollowUpCompany
        provision={provision}
        onOpenFile={(fileId) =>
          void openFileLink(fileId).catch((error: unknown) => setFileError(errorResult(error).message ?? null))
        }
      />
      <FollowUpSignedDocuments provisionId={provision.id} />
      <FollowUpUnits
        provision={provision}
        paging={units}
        loading={unitsLoading}
        ticks={validating ? ticks : null}
        onSelect={(unitId, checked) => setTicks((current) => ({ ...current, [unitId]: checked }))}
      />
      {(validating || followUpButtons(provision, userType).length > 0) && (
        <Paper variant="outlined" component="section" aria-label="Acciones" sx={{ p: 2, display: 'grid', gap: 2 }}>
          {validating && (
            <FollowUpReviewBar
              key={provision.version}
              provision={provision}
              ticks={ticks}
              seen={seen}
              runner={runner}
              onRefresh={refresh}
            />
          )}
          <FollowUpActions provision={provision} userType={userType} runner={runner} />
        </Paper>
      )}
      <FollowUpTimeline provisionId={provision.id} />
      {runner.dialog}
    </Box>
  );
}
