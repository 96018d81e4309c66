import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ChoiceSelect } from '../../components/form/choice-select';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlined';
import {
  MESSAGES,
  PROVISION_WIZARD_MESSAGES as M,
  Money,
  lineTypeLabel,
  stepBalances,
  termLabel,
  unitsSelected,
  type ExternalCreditLine,
  type StepLine,
} from '@planpiso/domain';
import { ApiError } from '../../lib/api-client';
import { EvidenceDialog } from './evidence-dialog';
import {
  removeUnit,
  setUnitEvidences,
  tickAll,
  tickUnit,
  withManualUnit,
  type WizardState,
} from './provision-wizard-state';
import { UnitDialog } from './unit-dialog';
import { WizardUnitsTable } from './units-step-table';
import { FieldGrid } from '../../components/detail-field';

type Props = {
  state: WizardState;
  onState: (state: WizardState) => void;
  lines: readonly ExternalCreditLine[] | undefined;
  linesError: unknown;
  line: StepLine | null;
  onLine: (lineId: string | null) => void;
  /** A refusal to show in the result dialog ('Seleccione la línea de crédito', a 0 balance). */
  onMessage: (message: string) => void;
  readOnly?: boolean;
};

/** 'Ocurrió un error API externa. ConfiguracionClientesDispLinea 10001: …' (spec 3 §8). */
const linesErrorText = (error: unknown) =>
  error instanceof ApiError ? [error.message, error.detail].filter(Boolean).join('. ') : MESSAGES.loadError;

/**
 * Step 3, 'Unidades' (spec 3 §2, §5): the credit line (a single one preselected) and its term (the longest by
 * default), available balance, total and remaining, and the units with their ticks — only the ticked ones are
 * sent. Every rule comes from the domain's provision-balance through provision-wizard-state.
 */
export function UnitsStep({ state, onState, lines, linesError, line, onLine, onMessage, readOnly }: Props) {
  const [adding, setAdding] = useState(false);
  const [evidenceOf, setEvidenceOf] = useState<string | null>(null);

  const balances = stepBalances({ line, includeAll: state.includeAll, units: state.units });
  const chosen = lines?.find((l) => l.lineaCredito === state.creditLine);
  const terms = chosen?.terms ?? (state.deadlines ? [state.deadlines] : []);
  const ticked = state.units.filter((u) => u.checked).length;

  const tick = (key: string, checked: boolean) => {
    const result = tickUnit(state, key, checked, line);
    if (result.message) onMessage(result.message);
    else onState(result.state);
  };
  const tickEvery = (checked: boolean) => {
    const result = tickAll(state, checked, line);
    onState(result.state);
    if (result.message) onMessage(result.message);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {linesError ? <Alert severity="error">{linesErrorText(linesError)}</Alert> : null}
      {lines && lines.length === 0 && <Alert severity="info">{M.noCreditLines}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <ChoiceSelect
          label="Línea de crédito"
          choices={(lines ?? []).map((l) => ({
            value: l.lineaCredito,
            label: `${l.lineaCredito} · ${lineTypeLabel(Number(l.tipoDispLinea))}`,
          }))}
          value={state.creditLine}
          onChoose={(creditLine) => onLine(creditLine || null)}
          disabled={readOnly || !lines?.length}
          required
        />
        <ChoiceSelect
          label="Plazo"
          choices={terms.map((months) => ({ value: months, label: termLabel(months) }))}
          value={state.deadlines}
          onChoose={(months) => onState({ ...state, deadlines: Number(months) || null })}
          disabled={readOnly || terms.length === 0}
          required
        />
      </Box>
      <FieldGrid columns={{ xs: '1fr', sm: 'repeat(3, 1fr)' }}>
        <Figure label="Saldo disponible" value={balances.available} />
        <Figure label="Total" value={balances.total} />
        <Figure label="Saldo restante" value={balances.remaining} negative={balances.remaining.isNegative()} />
      </FieldGrid>
      {balances.message && <Alert severity="error">{balances.message}</Alert>}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {state.units.length === 0 && !readOnly ? M.noUnits : unitsSelected(ticked, state.units.length)}
        </Typography>
        {!readOnly && (
          <Button variant="outlined" startIcon={<AddCircleOutline />} onClick={() => setAdding(true)}>
            Agregar unidad
          </Button>
        )}
      </Box>
      <WizardUnitsTable
        units={state.units}
        readOnly={readOnly}
        onTick={tick}
        onTickAll={tickEvery}
        onEvidences={setEvidenceOf}
        onRemove={(key) => onState(removeUnit(state, key))}
      />
      <UnitDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdd={(draft) => onState(withManualUnit(state, draft, line))}
      />
      <EvidenceDialog
        unit={state.units.find((u) => u.key === evidenceOf) ?? null}
        onClose={() => setEvidenceOf(null)}
        onChange={(key, evidences) => onState(setUnitEvidences(state, key, evidences))}
      />
    </Box>
  );
}

function Figure({ label, value, negative }: { label: string; value: Money; negative?: boolean }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontSize: 20, fontWeight: 600, color: negative ? 'error.main' : undefined }}
      >
        {value.formatCurrency()}
      </Typography>
    </Box>
  );
}
