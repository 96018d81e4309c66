import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  REFINANCING_MESSAGES as M,
  lineTypeLabel,
  refinancingCreditLineTerms,
  type CompanyUserAgencies,
  type ExternalCreditLine,
  type SessionUser,
} from '@planpiso/domain';
import { ChoiceSelect } from '../../components/form/choice-select';
import { RecordSelect } from '../../components/form/record-select';

export type RefinancingHeader = {
  agencyId: number | null;
  legalId: number | null;
  creditLine: string | null;
  requireEvidences: boolean;
};

type Props = {
  user: SessionUser;
  header: RefinancingHeader;
  onChange: (patch: Partial<RefinancingHeader>) => void;
  /** The company's lines already narrowed to those offering a term ≤ 3. */
  lines: readonly ExternalCreditLine[];
  linesProblem: string | null;
  people: readonly CompanyUserAgencies[] | undefined;
};

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/**
 * The refinancing's data (spec 3 §2 "/crear-refinanciamiento", §3 create payload): the company (the active one),
 * the branch (the user's) and the legal representative (the company's type 4) the payload names, the credit line
 * (terms ≤ 3 only) and 'Solicitar evidencias al operador de agencia' Si / No.
 */
export function CreateRefinancingFields({ user, header, onChange, lines, linesProblem, people }: Props) {
  const own = people?.find((p) => p.id === user.id);
  const branches = own?.agencies ?? (user.agency ? [user.agency] : []);
  const legal = (people ?? []).filter((p) => p.type === 4);
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TextField label="Empresa" value={user.company?.name ?? ''} slotProps={{ input: { readOnly: true } }} />
      <RecordSelect
        label="Sucursal"
        required
        records={branches}
        labelOf={(b) => b.name}
        value={header.agencyId}
        onPick={(agencyId) => onChange({ agencyId })}
      />
      <RecordSelect
        label="Representante legal"
        required
        records={legal}
        labelOf={fullName}
        value={header.legalId}
        onPick={(legalId) => onChange({ legalId })}
      />
      <ChoiceSelect
        label="Línea de crédito"
        required
        choices={lines.map((line) => ({
          value: line.lineaCredito,
          label: `${line.lineaCredito} · ${lineTypeLabel(Number(line.tipoDispLinea))} · Plazos ${refinancingCreditLineTerms(
            line.terms,
          ).join(', ')}`,
        }))}
        value={header.creditLine}
        onChoose={(creditLine) => onChange({ creditLine: creditLine || null })}
        error={Boolean(linesProblem)}
        helperText={linesProblem ?? undefined}
      />
      <FormControl>
        <FormLabel id="require-evidences-label">{M.requestEvidences}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="require-evidences-label"
          value={header.requireEvidences ? 'si' : 'no'}
          onChange={(e) => onChange({ requireEvidences: e.target.value === 'si' })}
        >
          <FormControlLabel value="si" control={<Radio />} label="Si" />
          <FormControlLabel value="no" control={<Radio />} label="No" />
        </RadioGroup>
      </FormControl>
    </Box>
  );
}
