import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import {
  LOT_AUDIT_MESSAGES as TEXT,
  lotAuditVinRefusal,
  normalizeAuditVin,
  type LotAuditFindingItem,
  type LotAuditSummary,
  type LotAuditUnit,
} from '@planpiso/domain';
import { errorResult } from '../../components/result-dialog';
import { ApiError } from '../../lib/api-client';
import { findLotAuditUnit } from './api/lot-audits';
// The scanner's library (@zxing/browser) loads only when 'Escanear' is pressed (vin-scanner.tsx).
import { cameraAvailable, VinScanner } from './vin-scanner';
import { ResultChip } from './lot-audit-unit-card';

/** The audit's folio and status, its company and the self-audit's deadline: how the list and the phone screen name it. */
export function LotAuditIdentity({ audit, heading = false }: { audit: LotAuditSummary; heading?: boolean }) {
  const title = `Auditoría ${audit.folio}`;
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        {heading ? (
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        )}
        <Chip size="small" label={audit.statusName} color={audit.status === 2 ? 'default' : 'primary'} />
      </Stack>
      <Typography variant="body2">{audit.companyName}</Typography>
      {audit.selfAuditDeadline && (
        <Typography variant="body2" color="text.secondary">
          {TEXT.selfAuditUntil(audit.selfAuditDeadline)}
        </Typography>
      )}
    </>
  );
}

/** The way back, the audit's folio, status, company, self-audit deadline and its 'n de m'. */
export function LotAuditHeading({ audit, dealer }: { audit: LotAuditSummary; dealer: boolean }) {
  const { progress } = audit;
  const percent = progress.total === 0 ? 0 : (100 * progress.checked) / progress.total;
  return (
    <>
      <Box>
        <Button
          component={RouterLink}
          to={dealer ? '/autoauditorias' : '/auditorias'}
          startIcon={<ArrowBack />}
          size="small"
        >
          {TEXT.back}
        </Button>
      </Box>
      <Box>
        <LotAuditIdentity audit={audit} heading />
      </Box>
      <Box aria-label={TEXT.progressLabel} role="group">
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2">{TEXT.progressLabel}</Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="lot-audit-progress">
            {progress.text}
          </Typography>
        </Stack>
        {/* The bar only draws 'n de m' (said in the text above): not a progressbar, nothing is loading. */}
        <Box aria-hidden sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden', mt: 0.5 }}>
          <Box sx={{ width: `${percent}%`, height: '100%', bgcolor: 'primary.main' }} />
        </Box>
      </Box>
    </>
  );
}

type VinSearchProps = {
  auditId: number;
  /** A search starts (the page clears its last 'saved' line). */
  onSearch: () => void;
  onFound: (unit: LotAuditUnit) => void;
  onMiss: () => void;
};

/** The VIN typed or scanned, its check digit checked here and the unit asked of the server. */
export function VinSearch({ auditId, onSearch, onFound, onMiss }: VinSearchProps) {
  const [vin, setVin] = useState('');
  const [vinError, setVinError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [scanning, setScanning] = useState(false);

  const search = async (raw: string) => {
    const problem = lotAuditVinRefusal(raw);
    setVinError(problem);
    onSearch();
    if (problem) return;
    setSearching(true);
    try {
      onFound(await findLotAuditUnit(auditId, normalizeAuditVin(raw)));
    } catch (error) {
      setVinError(error instanceof ApiError ? error.message : (errorResult(error).message ?? null));
      onMiss();
    } finally {
      setSearching(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search(vin);
  };
  // The scanner's callback stays the same while it runs (its camera is not restarted); it searches with the latest.
  const searchRef = useRef(search);
  searchRef.current = search;
  const detected = useCallback((text: string) => {
    setScanning(false);
    const scanned = normalizeAuditVin(text);
    setVin(scanned);
    void searchRef.current(scanned);
  }, []);

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={1}>
        <TextField
          label={TEXT.vinLabel}
          value={vin}
          onChange={(event) => setVin(event.target.value.toUpperCase())}
          error={vinError !== null}
          helperText={vinError ?? ' '}
          autoComplete="off"
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 24 } }}
          fullWidth
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={searching} sx={{ flex: 1 }}>
            {TEXT.search}
          </Button>
          <Button
            variant="outlined"
            startIcon={<QrCodeScanner />}
            onClick={() => setScanning(true)}
            disabled={!cameraAvailable()}
            sx={{ flex: 1 }}
          >
            {TEXT.scan}
          </Button>
        </Stack>
      </Stack>
      <VinScanner open={scanning} onDetected={detected} onClose={() => setScanning(false)} />
    </Box>
  );
}

/** The audit's findings (not located, sold unpaid), each with its deadline. */
export function LotAuditFindings({ findings }: { findings: LotAuditFindingItem[] }) {
  if (findings.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {TEXT.findings}
      </Typography>
      <List dense disablePadding aria-label={TEXT.findings}>
        {findings.map((finding) => (
          <ListItem key={finding.auditUnitId} disablePadding>
            <ListItemText
              primary={`${finding.vin} — ${finding.kindName}`}
              secondary={TEXT.findingDeadline(finding.deadline)}
              slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: 14 } } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

type UnitListProps = { units: LotAuditUnit[]; selectedId: number | null; onSelect: (unit: LotAuditUnit) => void };

/** The snapshot's units with their results; a tap selects one. */
export function LotAuditUnitList({ units, selectedId, onSelect }: UnitListProps) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {TEXT.unitsTitle}
      </Typography>
      {units.length === 0 ? (
        <Typography variant="body2">{TEXT.noUnits}</Typography>
      ) : (
        <List dense disablePadding aria-label={TEXT.unitsTitle}>
          {units.map((unit) => (
            <ListItem key={unit.id} disablePadding>
              <ListItemButton selected={unit.id === selectedId} onClick={() => onSelect(unit)} sx={{ gap: 1, px: 1 }}>
                <ListItemText
                  primary={unit.vin}
                  secondary={`${unit.model} ${unit.description}`.trim()}
                  slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' } } }}
                />
                <ResultChip result={unit.result} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
