import { useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
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
  jointIds,
  resolveSignatures,
  signatureParties,
  type SaveSignatureConfigRequest,
  type SignatureChoice,
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

/** What the signer selector of one party holds: a person's id, 'custom:{id}', or 'joint' with the chosen people. */
type Pick = { value: string; joint: string[] };
const JOINT = 'joint';
const CUSTOM = 'custom:';
const NONE: Pick = { value: '', joint: [] };

const SECTIONS: { section: SignatureParty['section']; title: string }[] = [
  { section: 'guarantor-person', title: 'Avales personas físicas' },
  { section: 'guarantor-company', title: 'Avales personas morales' },
  { section: 'legal', title: 'Representantes legales de la empresa' },
];

function toChoice(key: string, pick: Pick): SignatureChoice {
  if (pick.value === JOINT) {
    return {
      keySigner: key,
      isJoint: true,
      isCustom: false,
      signerId: pick.joint[0] ?? '',
      selectedValue: JSON.stringify(pick.joint),
    };
  }
  const custom = pick.value.startsWith(CUSTOM);
  return {
    keySigner: key,
    isJoint: false,
    isCustom: custom,
    signerId: custom ? pick.value.slice(CUSTOM.length) : pick.value,
    selectedValue: '',
  };
}

function toPick(signature: SignatureChoice): Pick {
  if (signature.isJoint) return { value: JOINT, joint: jointIds(signature.selectedValue) ?? [] };
  return { value: signature.isCustom ? `${CUSTOM}${signature.signerId}` : signature.signerId, joint: [] };
}

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
      setPicks((current) =>
        Object.fromEntries(Object.entries(current).filter(([, pick]) => !pick.value.startsWith(CUSTOM))),
      );
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

/** Names a selector by its party: every row's label reads 'Firmante', which alone names none of them. */
const named = (label: string) =>
  ({ 'aria-label': label, 'aria-labelledby': undefined }) as HTMLAttributes<HTMLDivElement>;

/** One party: who it is, its people, and the signer selector (with the joint multi-select when chosen). */
function PartyRow({
  party,
  pick,
  customSigners,
  onChange,
}: {
  party: SignatureParty;
  pick: Pick;
  customSigners: { id: number; fullName: string }[];
  onChange: (pick: Pick) => void;
}) {
  const canJoin = party.people.length >= 2;
  const names = (ids: string[]) => ids.map((id) => party.people.find((p) => p.id === id)?.name ?? id).join(', ');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1.3fr' },
        alignItems: 'center',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box>
        <Typography sx={{ fontWeight: 500 }}>{party.label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {party.section === 'guarantor-person' ? party.detail : party.people.map((p) => p.name).join(' · ') || '—'}
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        label="Firmante"
        value={pick.value}
        onChange={(e) => onChange({ value: e.target.value, joint: [] })}
        slotProps={{ select: { SelectDisplayProps: named(`Firmante de ${party.label}`) } }}
      >
        {party.people.map((person) => (
          <MenuItem key={person.id} value={person.id}>
            {person.name}
          </MenuItem>
        ))}
        {customSigners.map((signer) => (
          <MenuItem key={`custom-${signer.id}`} value={`${CUSTOM}${signer.id}`}>
            {`${signer.fullName} (personalizado)`}
          </MenuItem>
        ))}
        {canJoin && <MenuItem value={JOINT}>Firma mancomunada</MenuItem>}
      </TextField>
      {pick.value === JOINT ? (
        <TextField
          select
          size="small"
          label="Firmantes mancomunados"
          value={pick.joint}
          onChange={(e) => {
            const value = e.target.value as unknown as string[] | string;
            onChange({ value: JOINT, joint: typeof value === 'string' ? value.split(',') : value });
          }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => names(selected as string[]),
              SelectDisplayProps: named(`Firmantes mancomunados de ${party.label}`),
            },
          }}
        >
          {party.people.map((person) => (
            <MenuItem key={person.id} value={person.id}>
              {person.name}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Box />
      )}
    </Box>
  );
}
