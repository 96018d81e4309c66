import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  Money,
  PROVISION_LIST_MESSAGES,
  lineAvailable,
  lineTypeLabel,
  type ExternalCreditLine,
} from '@planpiso/domain';
import { ChoiceSelect } from '../../components/form/choice-select';
import { errorResult } from '../../components/result-dialog';
import { useCreditLines } from '../../lib/credit-lines';
import { useReservedAmount } from './api/credit-lines';

type Props = {
  /** The active company's CRM client number (the header's company, spec 1 §2.3); null: none chosen. */
  clientNumber: string | null;
  /** The line the list is filtered by ('' for all). */
  value: string;
  onChange: (creditLine: string) => void;
};

/** The balance shown: the chosen line, or the only line when there is one (spec 3 §5 "a single line is preselected"). */
const shownLine = (lines: readonly ExternalCreditLine[], value: string) =>
  lines.find((l) => l.lineaCredito === value) ?? (lines.length === 1 ? lines[0]! : null);

function AvailableBalance({ line }: { line: ExternalCreditLine | null }) {
  const reserved = useReservedAmount(line?.lineaCredito ?? null);
  let figure: ReactNode;
  if (!line) figure = <Typography color="text.secondary">{PROVISION_LIST_MESSAGES.chooseCreditLine}</Typography>;
  else if (reserved.isPending) figure = <Skeleton width={140} height={32} />;
  else if (reserved.isError) figure = <Typography color="error">{errorResult(reserved.error).message}</Typography>;
  else {
    // montoRestante − reserved, never below 0, exact cents (spec 3 §5; the domain's provision-balance).
    const available = lineAvailable(Money.of(line.montoRestante), Money.of(reserved.data));
    figure = (
      <Typography variant="h6" component="p" data-testid="available-balance">
        {available.formatCurrency()}
      </Typography>
    );
  }
  return (
    <Box aria-live="polite">
      <Typography variant="caption" color="text.secondary" component="p">
        Saldo disponible{line ? ` · ${line.lineaCredito}` : ''}
      </Typography>
      {figure}
    </Box>
  );
}

/**
 * The dealer roles' credit-line selector (spec 3 §2 "Dealer roles see a credit line selector with the available
 * balance"): the active company's lines from the CRM; choosing one also filters the list by `creditLine`.
 */
export function CreditLineSelector({ clientNumber, value, onChange }: Props) {
  const lines = useCreditLines(clientNumber);
  const options = lines.data ?? [];
  // A line from an old URL that the company no longer has is still shown as chosen, so the filter is visible.
  const known = value === '' || options.some((l) => l.lineaCredito === value);

  return (
    <Paper
      sx={{ p: 2, mb: 2, border: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 3 }}
      component="section"
      aria-label="Línea de crédito"
    >
      {/* Native, like the wizard's line (decision 092). */}
      <ChoiceSelect
        size="small"
        label="Línea de crédito"
        noneLabel={PROVISION_LIST_MESSAGES.allCreditLines}
        choices={[
          ...options.map((line) => ({
            value: line.lineaCredito,
            label: `${line.lineaCredito} · ${lineTypeLabel(Number(line.tipoDispLinea))}`,
          })),
          ...(known ? [] : [{ value, label: value }]),
        ]}
        value={value}
        onChoose={onChange}
        disabled={!lines.isSuccess}
        sx={{ minWidth: 280 }}
      />
      {lines.isError ? (
        <Alert severity="error" sx={{ flex: 1 }}>
          {errorResult(lines.error).message}
        </Alert>
      ) : (
        <AvailableBalance line={shownLine(options, value)} />
      )}
    </Paper>
  );
}
