import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  AppErrorCode,
  FINANCING_MESSAGES,
  MESSAGES,
  Money,
  PROVISION_WIZARD_MESSAGES as M,
  createProvisionRequest,
  preselectedLine,
  type CreateProvisionRequestInput,
  type CsvRowMessages,
  type SessionUser,
} from '@planpiso/domain';
import { ResultDialog, type ActionResult } from '../../components/result-dialog';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { ApiError } from '../../lib/api-client';
import { createProvision, updateProvision, type SaveMode } from './api/provision-wizard';
import { useOperatingWindow } from './api/operating-window';
import { useCreditLines } from '../../lib/credit-lines';
import { useCompanyPeople } from '../../lib/lookups';
import { CsvStep } from './csv-step';
import { ProvisionWizardCompany } from './provision-wizard-company';
import { OperatingClosed, WizardButtons, WizardSections } from './provision-wizard-frame';
import {
  chooseLine,
  companyStepComplete,
  provisionBody,
  reapplyLineRules,
  saveProblem,
  stepLineOf,
  withCsvUnits,
  type WizardState,
} from './provision-wizard-state';
import { ProvisionWizardSummary } from './provision-wizard-summary';
import { UnitsStep } from './units-step';

/** The provision being edited: its folio, version, and what it reserves already on its own line. */
export type EditedProvision = { id: number; folio: string; version: number; creditLine: string; total: string };

type Props = {
  user: SessionUser;
  initial: WizardState;
  clientNumber: string | null;
  company?: { id: number; name: string } | null;
  /** Edit mode: every section on one page, Cancelar and Guardar (spec 3 §2 "Edit provision"). */
  edited?: EditedProvision;
};

type Submission = { mode: SaveMode | 'update'; body: CreateProvisionRequestInput };

/**
 * The provision form (spec 3 §2): the four-step wizard of /crear-disposicion; the same sections on one page for
 * review mode (opened with units under review: no stepper, no back; the last step's Guardar and save-and-send) and
 * for /editar-disposicion/{id}.
 */
export function ProvisionWizard({ user, initial, clientNumber, company, edited }: Props) {
  const navigate = useNavigate();
  const [state, setState] = useState<WizardState>(initial);
  const [step, setStep] = useState(0);
  const [showRequired, setShowRequired] = useState(false);
  const [problem, setProblem] = useState<ActionResult | null>(null);
  const [csvWarnings, setCsvWarnings] = useState<CsvRowMessages[]>([]);
  const operating = useOperatingWindow();
  const lines = useCreditLines(clientNumber, { alwaysFresh: true });
  const people = useCompanyPeople(state.companyId);
  const onePage = Boolean(edited) || state.review;

  // What this provision holds already on its own line is not spent by anyone else (edit mode).
  const ownReserved = (lineId: string | null) =>
    edited && lineId === edited.creditLine ? Money.of(edited.total) : Money.zero;
  const lineOf = (lineId: string | null) => lines.data?.find((l) => l.lineaCredito === lineId) ?? null;
  const line = stepLineOf(lineOf(state.creditLine), ownReserved(state.creditLine));

  // A single credit line is preselected (spec 3 §5), once, when the lines arrive.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !lines.data) return;
    preselected.current = true;
    const only = preselectedLine(lines.data);
    if (only && !state.creditLine) setState((s) => chooseLine(s, only, ownReserved(only.lineaCredito)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first answer
  }, [lines.data]);

  const flow = useConfirmedAction<Submission>({
    run: async ({ mode, body }) => {
      if (mode !== 'update') return createProvision(mode, body);
      try {
        return await updateProvision(edited!.id, { ...body, version: edited!.version });
      } catch (error) {
        // Someone saved it meanwhile (a stale version): say so in Spanish, whatever the server's wording.
        if (error instanceof ApiError && error.appCode === AppErrorCode.STALE_VERSION) {
          throw new ApiError(409, error.code, MESSAGES.staleVersion);
        }
        throw error;
      }
    },
    prompt: ({ mode }) =>
      mode === 'saveAndSend'
        ? { title: M.confirmSaveAndSendTitle, message: M.confirmSaveAndSend }
        : { title: M.confirmSaveTitle, message: mode === 'update' ? M.confirmUpdate : M.confirmSave },
    onAccepted: (succeeded) => succeeded && void navigate('/disposiciones'),
  });

  const refuse = (message: string) => setProblem({ ok: false, message });

  const submit = (mode: Submission['mode']) => {
    const blocked = saveProblem(state, line);
    if (blocked) {
      setShowRequired(true);
      return refuse(blocked);
    }
    const body = provisionBody(state);
    if (mode === 'saveAndSend' && body.units.length === 0) return refuse(MESSAGES.selectAtLeastOneUnit);
    const parsed = createProvisionRequest.safeParse(body);
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? FINANCING_MESSAGES.requiredFields);
    flow.ask({ mode, body });
  };

  const next = () => {
    if (step === 0 && !companyStepComplete(state)) {
      setShowRequired(true);
      return refuse(FINANCING_MESSAGES.requiredFields);
    }
    if (step === 2) {
      const blocked = saveProblem(state, line);
      if (blocked) return refuse(blocked);
    }
    setStep(step + 1);
  };

  if (operating.data && !operating.data.allowed) {
    return <OperatingClosed message={operating.data.message} onBack={() => void navigate('/disposiciones')} />;
  }

  const companyName = (company ?? user.company)?.name;
  const names = {
    company: companyName,
    agency: people.data?.flatMap((p) => p.agencies).find((a) => a.id === state.agencyId)?.name ?? user.agency?.name,
    legal: (() => {
      const p = people.data?.find((x) => x.id === state.legalId);
      return p ? `${p.firstname} ${p.lastname}` : undefined;
    })(),
  };

  const sections: Record<number, ReactNode> = {
    0: (
      <ProvisionWizardCompany
        user={user}
        state={state}
        company={company}
        onChange={(patch) => setState((s) => ({ ...s, ...patch }))}
        onIncludeAll={(includeAll) => setState((s) => reapplyLineRules({ ...s, includeAll }, line))}
        showRequired={showRequired}
      />
    ),
    1: (
      <CsvStep
        fileName={state.csvFileName}
        unitCount={state.units.filter((u) => u.source !== 'manual').length}
        warnings={csvWarnings}
        onLoaded={(fileName, units, warnings) => {
          setCsvWarnings(warnings);
          setState((s) => withCsvUnits(s, fileName, units, warnings, line));
        }}
      />
    ),
    2: (
      <UnitsStep
        state={state}
        onState={setState}
        lines={lines.data}
        linesError={lines.error}
        line={line}
        onLine={(lineId) => setState((s) => chooseLine(s, lineOf(lineId), ownReserved(lineId)))}
        onMessage={refuse}
      />
    ),
    3: <ProvisionWizardSummary state={state} line={line} names={names} />,
  };

  return (
    <Paper
      component="section"
      aria-label={edited ? `${M.editHeading} ${edited.folio}` : 'Crear disposición'}
      sx={{ p: 3, border: 1, borderColor: 'divider', maxWidth: 1180 }}
    >
      {edited && (
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {`${M.editHeading} ${edited.folio}`}
        </Typography>
      )}
      <WizardSections
        onePage={onePage}
        review={state.review}
        edited={Boolean(edited)}
        step={step}
        sections={sections}
      />
      <WizardButtons
        mode={edited ? 'edit' : state.review ? 'review' : 'wizard'}
        step={step}
        running={flow.running}
        onBack={() => setStep(step - 1)}
        onCancel={() => void navigate('/disposiciones')}
        onNext={next}
        onSubmit={submit}
      />
      <ResultDialog result={problem} onAccept={() => setProblem(null)} />
      {flow.dialogs}
    </Paper>
  );
}
