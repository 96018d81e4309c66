import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  ORGANISATION_MESSAGES,
  SIGNATURE_CONFIG_VERSION,
  resolveSignatures,
  signatureParties,
  type SaveSignatureConfigRequest,
  type SignatureParty,
} from '@planpiso/domain';
import { FormActions } from '../../components/form/form-card';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useAccountDetail } from './api/accounts';
import { useCrmLegalRepresentatives } from './api/crm';
import {
  useCreditLines,
  useCustomSigners,
  useGuarantors,
  useSaveSignatureConfig,
  useSignatureConfig,
} from './api/signers';
import { CustomSignersSection } from './custom-signers-section';
import { NONE, PartyRow, isCustomPick, toChoice, toPick, type Pick } from './signer-party-row';

const SECTIONS: { section: SignatureParty['section']; title: string }[] = [
  { section: 'guarantor-person', title: 'Avales personas físicas' },
  { section: 'guarantor-company', title: 'Avales personas morales' },
  { section: 'legal', title: 'Representantes legales de la empresa' },
];

/**
 * /configurar-cuenta/{id} (spec 2 "Signer configuration"): for a company and credit line of the account, who signs
 * for the company and for each guarantor — one person, a custom signer (only when the signature is not electronic),
 * or several people jointly (at least two). The same rule as the server's decides what may be saved.
 */
export function SignerConfigurationPage() {
  const accountId = Number(useParams().id);
  const navigate = useNavigate();
  const account = useAccountDetail(accountId);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [creditLine, setCreditLine] = useState<string | null>(null);
  const [isElectronic, setElectronic] = useState(true);
  const [picks, setPicks] = useState<Record<string, Pick>>({});
  const [problem, setProblem] = useState<ActionResult | null>(null);

  const company = account.data?.companies.find((c) => c.id === companyId) ?? null;
  const clientId = company?.clientId ?? null;
  const line = { companyId, creditLine };
  const lines = useCreditLines(clientId);
  const legals = useCrmLegalRepresentatives(creditLine ? clientId : null);
  const guarantors = useGuarantors(creditLine);
  const config = useSignatureConfig(line);
  const custom = useCustomSigners(line);
  const save = useSaveSignatureConfig();

  const parties = useMemo(
    () =>
      company?.clientId && legals.data && guarantors.data
        ? signatureParties({ clientId: company.clientId, name: company.name }, legals.data, guarantors.data)
        : null,
    [company, legals.data, guarantors.data],
  );

  // A saved configuration of this version fills the screen once per company and line (spec 2 §4).
  const filledFor = useRef('');
  useEffect(() => {
    const key = `${companyId}|${creditLine}`;
    if (config.isLoading || !config.isFetched || filledFor.current === key) return;
    filledFor.current = key;
    const saved = config.data;
    if (saved && saved.version === SIGNATURE_CONFIG_VERSION) {
      setElectronic(saved.isElectronic);
      setPicks(Object.fromEntries(saved.signatures.map((s) => [s.keySigner, toPick(s)])));
    } else {
      setElectronic(true);
      setPicks({});
    }
  }, [companyId, creditLine, config.data, config.isFetched, config.isLoading]);

  const flow = useConfirmedAction<SaveSignatureConfigRequest>({
    run: (body) => save.mutateAsync(body),
    prompt: () => ({ message: ORGANISATION_MESSAGES.confirmSignatureConfig }),
  });

  const submit = () => {
    if (!parties || companyId === null || creditLine === null) return;
    const choices = parties.filter((p) => picks[p.key]?.value).map((p) => toChoice(p.key, picks[p.key]!));
    const checked = resolveSignatures(parties, choices, custom.data ?? [], isElectronic);
    if (!checked.ok) return setProblem({ ok: false, message: checked.message });
    flow.ask({
      accountId,
      companyId,
      creditLine,
      isElectronic,
      version: SIGNATURE_CONFIG_VERSION,
      signatures: choices,
    });
  };

  const switchElectronic = (on: boolean) => {
    setElectronic(on);
    // Custom signers sign on paper only: an electronic signature drops them.
    if (on) {
      setPicks((current) => Object.fromEntries(Object.entries(current).filter(([, pick]) => !isCustomPick(pick))));
    }
  };

  if (account.isError) return <Alert severity="error">{errorResult(account.error).message}</Alert>;
  const loadingParties = creditLine !== null && (legals.isLoading || guarantors.isLoading || config.isLoading);
  const partyError = legals.error ?? guarantors.error;

  return (
    <Paper
      component="section"
      aria-label="Configuración de firmantes"
      sx={{ p: 3, border: 1, borderColor: 'divider', maxWidth: 1080, display: 'grid', gap: 3 }}
    >
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
          {account.data?.name ?? <Skeleton width={240} />}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          Seleccione la compañía y la línea de crédito para configurar quién firma sus documentos.
        </Typography>
      </Box>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr auto' }, alignItems: 'center' }}
      >
        <TextField
          select
          label="Compañía"
          value={companyId ?? ''}
          onChange={(e) => {
            setCompanyId(Number(e.target.value));
            setCreditLine(null);
          }}
        >
          {(account.data?.companies ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Línea de crédito"
          value={creditLine ?? ''}
          onChange={(e) => setCreditLine(e.target.value)}
          disabled={!clientId || lines.isLoading || lines.isError}
        >
          {(lines.data ?? []).map((l) => (
            <MenuItem key={l.lineaCredito} value={l.lineaCredito}>
              {l.lineaCredito}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={isElectronic} onChange={(e) => switchElectronic(e.target.checked)} />}
          label="Firma electrónica"
        />
      </Box>
      {lines.isError && <Alert severity="error">{errorResult(lines.error).message}</Alert>}
      {partyError && <Alert severity="error">{errorResult(partyError).message}</Alert>}
      {loadingParties && <Skeleton variant="rounded" height={160} />}

      {parties && !loadingParties && companyId !== null && creditLine !== null && (
        <>
          {!isElectronic && <CustomSignersSection line={{ companyId, creditLine }} signers={custom.data ?? []} />}
          {SECTIONS.map(({ section, title }) => {
            const members = parties.filter((p) => p.section === section);
            return (
              <Box key={section} component="section" aria-label={title} sx={{ display: 'grid', gap: 1.5 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {title}
                </Typography>
                {members.length === 0 && (
                  <Typography color="text.secondary" variant="body2">
                    {MESSAGES.emptyGrid}
                  </Typography>
                )}
                {members.map((party) => (
                  <PartyRow
                    key={party.key}
                    party={party}
                    pick={picks[party.key] ?? NONE}
                    customSigners={isElectronic ? [] : (custom.data ?? [])}
                    onChange={(pick) => setPicks({ ...picks, [party.key]: pick })}
                  />
                ))}
              </Box>
            );
          })}
        </>
      )}

      <FormActions onCancel={() => void navigate('/cuentas')} onSave={submit} disabled={!parties || flow.running} />
      <ResultDialog result={problem} onAccept={() => setProblem(null)} />
      {flow.dialogs}
    </Paper>
  );
}
