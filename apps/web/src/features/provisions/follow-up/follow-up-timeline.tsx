import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  PROVISION_FOLLOW_UP_MESSAGES as M,
  TIMELINE_PAGE_SIZE,
  PROVISION_TIMELINE_ACTIONS,
  VALIDATION_CHECK_LABELS,
  provisionStatusName,
  timelineValidation,
  type ProvisionTimelineEntry,
} from '@planpiso/domain';
import { useState } from 'react';
import { errorResult } from '../../../components/result-dialog';
import { formatDateTime } from '../../../lib/format';
import { useProvisionTimeline } from './api/follow-up-detail';

const checkLabel = (check: string | undefined) =>
  VALIDATION_CHECK_LABELS[Number(check) as keyof typeof VALIDATION_CHECK_LABELS] ?? check ?? '';

function describe(entry: ProvisionTimelineEntry): string {
  if (entry.action === 'validation' && entry.details?.vinNumber)
    return timelineValidation(checkLabel(entry.details.check), entry.details.vinNumber, entry.details.valid);
  return PROVISION_TIMELINE_ACTIONS[entry.action] ?? entry.action;
}

const moved = (entry: ProvisionTimelineEntry) =>
  entry.toStatus !== null && entry.toStatus !== entry.fromStatus
    ? entry.fromStatus === null
      ? provisionStatusName(entry.toStatus)
      : `${provisionStatusName(entry.fromStatus)} → ${provisionStatusName(entry.toStatus)}`
    : null;

/**
 * The provision's history (issue 17 "Timeline"): every move from the audit log and every unit validation, oldest
 * first — who, when (Mexico City), which transition (the status names of spec 3 §4), the comment and the result.
 */
export function FollowUpTimeline({ provisionId }: { provisionId: number }) {
  const [page, setPage] = useState(1);
  const timeline = useProvisionTimeline(provisionId, page);
  const entries = timeline.data?.entries;
  const pages = Math.ceil((timeline.data?.total ?? 0) / TIMELINE_PAGE_SIZE);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="timeline-title" sx={{ p: 2.5 }}>
      <Typography id="timeline-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Historial
      </Typography>
      {timeline.isError && <Alert severity="error">{errorResult(timeline.error).message ?? MESSAGES.loadError}</Alert>}
      {timeline.isPending && <Skeleton variant="rounded" height={120} />}
      {entries?.length === 0 && <Typography color="text.secondary">{M.timelineEmpty}</Typography>}
      {entries && entries.length > 0 && (
        <List aria-label="Historial" sx={{ py: 0 }}>
          {entries.map((entry, index) => {
            const transition = moved(entry);
            const failed = entry.action === 'validation' && entry.details?.valid === false;
            return (
              <ListItem
                key={`${entry.at}-${index}`}
                divider={index < entries.length - 1}
                sx={{ alignItems: 'flex-start', gap: 2, px: 0 }}
              >
                <Box
                  aria-hidden
                  sx={{
                    mt: 0.75,
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    flexShrink: 0,
                    bgcolor: failed ? 'error.main' : entry.action === 'validation' ? 'grey.500' : 'primary.main',
                  }}
                />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    <span>{describe(entry)}</span>
                    {transition && (
                      <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
                        {` · ${transition}`}
                      </Typography>
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {`${formatDateTime(entry.at)} · ${entry.actor?.name ?? M.timelineSystem}`}
                  </Typography>
                  {entry.details?.reason && <Typography variant="body2">{entry.details.reason}</Typography>}
                  {entry.details?.manualFolio && (
                    <Typography variant="body2">{`Folio manual: ${entry.details.manualFolio}`}</Typography>
                  )}
                  {entry.comment && (
                    <Typography
                      variant="body2"
                      sx={{ fontStyle: 'italic', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
                    >
                      {entry.comment}
                    </Typography>
                  )}
                </Box>
              </ListItem>
            );
          })}
        </List>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          getItemAriaLabel={(type, item) =>
            type === 'page' ? `Página ${item} del historial` : type === 'next' ? 'Página siguiente' : 'Página anterior'
          }
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </Paper>
  );
}
