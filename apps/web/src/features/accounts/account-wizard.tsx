import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import {
  ACCOUNT_WIZARD_STEPS,
  ORGANISATION_MESSAGES,
  TEXT_MAX,
  accountDataFields,
  accountTypeLabel,
  companyCountValid,
  createAccountRequest,
  type AccountDataFields,
  type CreateAccountRequest,
} from '@planpiso/domain';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { FormBox } from '../../components/form/form-box';
import { WizardStepper } from '../../components/wizard-stepper';
import { ResultDialog, type ActionResult } from '../../components/result-dialog';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useCreateAccount } from './api/accounts';
import { LEGAL_PERSON_INVALID } from './crm-legal-person';
import { CompaniesStep, LegalRepresentativesStep, SummaryStep, type DraftCompany } from './account-wizard-steps';

type DataValues = { name: string; email: string; type: 1 | 2 | null };
const TYPE_OPTIONS = [1, 2].map((type) => ({ value: type, label: accountTypeLabel(type) }));
const invalid: ActionResult = { ok: false, message: ORGANISATION_MESSAGES.wizardInvalid };

/**
 * /crear-cuenta (spec 2 §2): Datos → Empresas (CRM clients) → Repr. Legal (the CRM's representatives of each
 * client) → Registro finalizados (the summary), with Regresar, Cancelar, Siguiente and Guardar. Going back keeps
 * everything entered; the server checks it all again and saves it in one transaction.
 */
export function AccountWizardPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [companies, setCompanies] = useState<DraftCompany[]>([]);
  const [problem, setProblem] = useState<ActionResult | null>(null);
  const form = useForm<DataValues>({
    resolver: zodResolver(accountDataFields) as unknown as Resolver<DataValues>,
    defaultValues: { name: '', email: '', type: null },
  });
  const [data, setData] = useState<AccountDataFields | null>(null);
  const create = useCreateAccount();
  const flow = useConfirmedAction<CreateAccountRequest>({
    run: (body) => create.mutateAsync(body),
    prompt: () => ({
      title: ORGANISATION_MESSAGES.confirmCreateAccountTitle,
      message: ORGANISATION_MESSAGES.confirmCreateAccount,
    }),
    onAccepted: (succeeded) => succeeded && void navigate('/cuentas'),
  });

  const payload = (): CreateAccountRequest | null => {
    const parsed = createAccountRequest.safeParse({
      ...data,
      companies: companies.map(({ legalPerson, ...company }) => ({ ...company, legalPerson })),
    });
    return parsed.success ? parsed.data : null;
  };

  const next = () => {
    if (step === 0) {
      void form.handleSubmit((values) => {
        setData(accountDataFields.parse(values));
        setStep(1);
      })();
      return;
    }
    if (step === 1 && !companyCountValid(data!.type, companies.length)) return setProblem(invalid);
    if (step === 2 && companies.some((c) => c.legalPerson === null)) return setProblem(invalid);
    setStep(step + 1);
  };

  const save = () => {
    const body = payload();
    if (!body) return setProblem(invalid);
    flow.ask(body);
  };

  return (
    <Paper
      component="section"
      aria-label={ORGANISATION_MESSAGES.confirmCreateAccountTitle}
      sx={{ p: 3, border: 1, borderColor: 'divider', maxWidth: 1080 }}
    >
      <WizardStepper steps={ACCOUNT_WIZARD_STEPS} step={step} label="Pasos de la creación de cuenta">
        {step === 0 && (
          <FormBox
            noValidate
            label="Datos de la cuenta"
            onSubmit={next}
            sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
          >
            <TextField control={form.control} name="name" label="Nombre de la cuenta" maxLength={TEXT_MAX} />
            <TextField
              control={form.control}
              name="email"
              label="Correo electrónico"
              type="email"
              inputMode="email"
              maxLength={TEXT_MAX}
            />
            <SelectField control={form.control} name="type" label="Tipo de cuenta" options={TYPE_OPTIONS} />
          </FormBox>
        )}
        {step === 1 && data && <CompaniesStep type={data.type} companies={companies} onChange={setCompanies} />}
        {step === 2 && (
          <LegalRepresentativesStep
            companies={companies}
            onChange={setCompanies}
            onInvalid={() => setProblem(LEGAL_PERSON_INVALID)}
          />
        )}
        {step === 3 && data && <SummaryStep data={data} companies={companies} />}
      </WizardStepper>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, mt: 3 }}>
        <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
          Regresar
        </Button>
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <Button onClick={() => void navigate('/cuentas')}>Cancelar</Button>
          {step < 3 ? (
            <Button variant="contained" onClick={next}>
              Siguiente
            </Button>
          ) : (
            <Button variant="contained" onClick={save} disabled={flow.running}>
              Guardar
            </Button>
          )}
        </Box>
      </Box>
      <ResultDialog result={problem} onAccept={() => setProblem(null)} />
      {flow.dialogs}
    </Paper>
  );
}
