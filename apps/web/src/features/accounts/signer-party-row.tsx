import type { HTMLAttributes } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { jointIds, type SignatureChoice, type SignatureParty } from '@planpiso/domain';

/** What the signer selector of one party holds: a person's id, 'custom:{id}', or 'joint' with the chosen people. */
export type Pick = { value: string; joint: string[] };
const JOINT = 'joint';
const CUSTOM = 'custom:';
export const NONE: Pick = { value: '', joint: [] };
/** A custom signer's pick (they sign on paper only). */
export const isCustomPick = (pick: Pick) => pick.value.startsWith(CUSTOM);

export function toChoice(key: string, pick: Pick): SignatureChoice {
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

export function toPick(signature: SignatureChoice): Pick {
  if (signature.isJoint) return { value: JOINT, joint: jointIds(signature.selectedValue) ?? [] };
  return { value: signature.isCustom ? `${CUSTOM}${signature.signerId}` : signature.signerId, joint: [] };
}

/** Names a selector by its party: every row's label reads 'Firmante', which alone names none of them. */
const named = (label: string) =>
  ({ 'aria-label': label, 'aria-labelledby': undefined }) as HTMLAttributes<HTMLDivElement>;

/** One party: who it is, its people, and the signer selector (with the joint multi-select when chosen). */
export function PartyRow({
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
