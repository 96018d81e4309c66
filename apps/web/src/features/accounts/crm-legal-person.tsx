import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  MESSAGES,
  ORGANISATION_MESSAGES,
  PHONE_MAX_DIGITS,
  TEXT_MAX,
  crmLegalId,
  wizardLegalPerson,
  type CreateAccountRequest,
} from '@planpiso/domain';
import type { ActionResult } from '../../components/result-dialog';
import { useCrmLegalRepresentatives } from './api/crm';

export type LegalPerson = CreateAccountRequest['companies'][number]['legalPerson'];
const NO_CONTACT = { email: '', phone: '' };

/** What adding a representative with a bad e-mail or phone shows (spec 2 §5). */
export const LEGAL_PERSON_INVALID: ActionResult = {
  ok: false,
  title: MESSAGES.errorTitle,
  message: ORGANISATION_MESSAGES.legalPersonInvalid,
};

/**
 * One of a CRM client's legal representatives, picked by the wizard and the account edit: the CRM's e-mail and phone
 * come prefilled and may be corrected; `build` checks them with the server's rule (spec 2 §5).
 */
export function useCrmLegalPerson(clientId: string | null) {
  const representatives = useCrmLegalRepresentatives(clientId);
  const people = representatives.data ?? [];
  const [position, setPosition] = useState('');
  const [contact, setContact] = useState(NO_CONTACT);

  const pick = (value: string) => {
    setPosition(value);
    const person = people[Number(value)];
    setContact({ email: person?.correo ?? '', phone: person?.telefono ?? '' });
  };
  const reset = () => {
    setPosition('');
    setContact(NO_CONTACT);
  };
  /** The legal person to save; null when the e-mail or phone does not pass (or nobody is picked). */
  const build = (): LegalPerson | null => {
    const person = people[Number(position)];
    if (!clientId || position === '' || !person) return null;
    const checked = wizardLegalPerson.safeParse({
      firstname: person.nombres,
      lastname: person.apellidos,
      email: contact.email,
      phone: contact.phone,
      legalId: crmLegalId(clientId, Number(position)),
    });
    return checked.success ? checked.data : null;
  };
  return { representatives, people, position, contact, setContact, pick, reset, build, picked: position !== '' };
}

export type CrmLegalPersonEditor = ReturnType<typeof useCrmLegalPerson>;

/** The representative selector and its e-mail and phone (laid out by the caller's grid). */
export function CrmLegalPersonFields({ editor, disabled }: { editor: CrmLegalPersonEditor; disabled: boolean }) {
  const { people, position, contact, setContact, pick, representatives, picked } = editor;
  return (
    <>
      <TextField
        select
        label="Representante legal"
        value={position}
        onChange={(e) => pick(e.target.value)}
        disabled={disabled || representatives.isLoading}
      >
        {people.map((person, index) => (
          <MenuItem key={index} value={String(index)}>
            {`${person.nombres} ${person.apellidos}`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Correo electrónico"
        type="email"
        value={contact.email}
        onChange={(e) => setContact({ ...contact, email: e.target.value })}
        disabled={!picked}
        slotProps={{ htmlInput: { maxLength: TEXT_MAX } }}
      />
      <TextField
        label="Teléfono"
        value={contact.phone}
        onChange={(e) => setContact({ ...contact, phone: e.target.value })}
        disabled={!picked}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PHONE_MAX_DIGITS } }}
      />
    </>
  );
}
