import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  FINANCING_MESSAGES,
  MESSAGES,
  Money,
  REFINANCING_MESSAGES as M,
  createRefinancingRequest,
  refinancingCreditLineTerms,
  refinancingTickRefusal,
  stepBalances,
  type CreateRefinancingRequest,
  type RefinancingAvailableUnit,
  type SessionUser,
} from '@planpiso/domain';
import { FormActions } from '../../components/form/form-card';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useCreditLines } from '../../lib/credit-lines';
import { useCompanyPeople } from '../../lib/lookups';
import { useSession } from '../../lib/session';
import { createRefinancing } from './api/create-refinancing';
import { CreateRefinancingFields, type RefinancingHeader } from './create-refinancing-fields';
import { CreateRefinancingUnits, type CarriedUnit } from './create-refinancing-units';

/** Router state from 'Creación de refinanciamiento' (create-refinancing-dialog.tsx): the ticked units. */
const carriedUnitsOf = (state: unknown): RefinancingAvailableUnit[] => {
  const units = (state as { refinancingUnits?: unknown } | null)?.refinancingUnits;
  return Array.isArray(units) ? (units as RefinancingAvailableUnit[]) : [];
};

/** /crear-refinanciamiento (spec 3 §2, §3, §5): the dealer operator's active company. */
export function CreateRefinancingPage() {
  const user = useSession()?.user;
  const location = useLocation();
  // The page takes the carried units once, as the dialog handed them.
  const [carried] = useState(() => carriedUnitsOf(location.state));
  if (!user) return null;
  if (!user.company) return <Alert severity="warning">{FINANCING_MESSAGES.userWithoutCompany}</Alert>;
  return <CreateRefinancingForm user={user} carried={carried} />;
}

function CreateRefinancingForm({ user, carried }: { user: SessionUser; carried: RefinancingAvailableUnit[] }) {
  const navigate = useNavigate();
  const companyId = user.company!.id;
  const [header, setHeader] = useState<RefinancingHeader>({
    agencyId: user.agency?.id ?? null,
    legalId: null,
    creditLine: null,
    requireEvidences: true,
  });
  const [units, setUnits] = useState<CarriedUnit[]>(() => carried.map((u) => ({ ...u, checked: true })));
  const [problem, setProblem] = useState<ActionResult | null>(null);
  const lines = useCreditLines(user.company!.clientId, { alwaysFresh: true });
  const people = useCompanyPeople(companyId);

  // Spec 3 §5: only lines offering a term of 3 months or less.
  const eligible = useMemo(
    () => (lines.data ?? []).filter((line) => refinancingCreditLineTerms(line.terms).length > 0),
    [lines.data],
  );
  const line = eligible.find((l) => l.lineaCredito === header.creditLine) ?? null;
  const balances = stepBalances({
    line: line && { id: line.lineaCredito, typeLine: Number(line.tipoDispLinea), available: Money.of(line.disponible) },
    includeAll: false,
    units,
  });
  const ticked = units.filter((u) => u.checked);
  // Before a line is chosen there is no balance to exceed: Guardar then asks for the line.
  const exceeded = line !== null && !balances.canSave;

  // One line, or one legal representative, is chosen for the user (spec 3 §5 "a single line is preselected").
  const preset = useRef(false);
  useEffect(() => {
    if (preset.current || !lines.data || !people.data) return;
    preset.current = true;
    const legal = people.data.filter((p) => p.type === 4);
    setHeader((h) => ({
      ...h,
      creditLine: h.creditLine ?? (eligible.length === 1 ? eligible[0]!.lineaCredito : null),
      legalId: h.legalId ?? (legal.length === 1 ? legal[0]!.id : null),
    }));
  }, [lines.data, people.data, eligible]);

  const created = useRef<number | null>(null);
  const flow = useConfirmedAction<CreateRefinancingRequest>({
    run: async (body) => {
      const answer = await createRefinancing(body);
      created.current = answer.data.id;
      return answer;
    },
    prompt: () => ({ title: M.confirmCreateTitle, message: M.confirmCreate }),
    onAccepted: (succeeded) => succeeded && void navigate(`/refinanciamientos/${created.current}`),
  });

  const tick = (unit: CarriedUnit, checked: boolean) => {
    if (checked) {
      const refused = refinancingTickRefusal(
        unit,
        ticked.filter((u) => u.id !== unit.id),
      );
      if (refused) return setProblem({ ok: false, message: refused });
    }
    setUnits((all) => all.map((u) => (u.id === unit.id ? { ...u, checked } : u)));
  };

  const save = () => {
    if (!header.creditLine) return setProblem({ ok: false, message: FINANCING_MESSAGES.selectCreditLine });
    if (!header.agencyId || !header.legalId)
      return setProblem({ ok: false, message: FINANCING_MESSAGES.requiredFields });
    const body = {
      accountId: user.account?.id ?? 0,
      companyId,
      agencyId: header.agencyId,
      legalId: header.legalId,
      total: balances.total.toDecimalString(),
      // The units' shared term (the tick rules keep it one).
      deadlines: ticked[0]?.deadlines ?? 0,
      registerBy: user.id,
      creditLine: header.creditLine,
      typeLine: '1',
      reviewAF: true,
      requireEvidences: header.requireEvidences,
      units: ticked.map((u) => ({ unitId: u.id, comment: '', status: 0 })),
    };
    const parsed = createRefinancingRequest.safeParse(body);
    if (!parsed.success)
      return setProblem({ ok: false, message: parsed.error.issues[0]?.message ?? MESSAGES.badRequest });
    flow.ask(parsed.data);
  };

  const linesProblem = lines.isError
    ? (errorResult(lines.error).message ?? null)
    : lines.isSuccess && eligible.length === 0
      ? M.noRefinancingLines
      : null;
  const canSave = ticked.length > 0 && !exceeded && !flow.running;

  return (
    <Paper
      component="section"
      aria-label="Crear refinanciamiento"
      sx={{ p: 3, border: 1, borderColor: 'divider', maxWidth: 1180 }}
    >
      <Typography variant="h6" component="h2" sx={{ fontSize: 17, mb: 2 }}>
        Datos del refinanciamiento
      </Typography>
      <CreateRefinancingFields
        user={user}
        header={header}
        onChange={(patch) => setHeader((h) => ({ ...h, ...patch }))}
        lines={eligible}
        linesProblem={linesProblem}
        people={people.data}
      />
      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" component="h2" sx={{ fontSize: 17, mb: 2 }}>
        Unidades
      </Typography>
      {units.length === 0 ? (
        <Alert severity="info">
          {M.noUnitsCarried}{' '}
          <Link component={RouterLink} to="/refinanciamientos/unidades">
            Unidades para refinanciar
          </Link>
        </Alert>
      ) : (
        <CreateRefinancingUnits units={units} onTick={tick} balances={balances} />
      )}
      {exceeded && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {M.balanceExceeded}
        </Alert>
      )}
      <FormActions onCancel={() => void navigate('/refinanciamientos')} onSave={save} disabled={!canSave} mt={3} />
      <ResultDialog result={problem} onAccept={() => setProblem(null)} />
      {flow.dialogs}
    </Paper>
  );
}
