import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { EmptyTableRow } from '../../components/empty-table-row';
import { ACCOUNT_TYPE, MESSAGES, accountTypeLabel, canAddCompany, type AccountDataFields } from '@planpiso/domain';
import { IconAction } from '../../components/icon-action';
import { ApiError } from '../../lib/api-client';
import { useCrmClients } from './api/crm';
import { CrmLegalPersonFields, useCrmLegalPerson, type LegalPerson } from './crm-legal-person';

/** A company chosen in the wizard; its legal representative comes in the next step. */
export type DraftCompany = { clientId: string; name: string; legalName: string; legalPerson: LegalPerson | null };

export function loadError(error: unknown) {
  return (
    <Alert severity="error">
      {error instanceof ApiError ? [error.message, error.detail].filter(Boolean).join('. ') : MESSAGES.loadError}
    </Alert>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <IconAction title="Quitar" label={label} icon={<DeleteOutline fontSize="small" />} onClick={onClick} />;
}

export function SimpleTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {head.map((cell) => (
            <TableCell key={cell} sx={{ whiteSpace: 'nowrap' }}>
              {cell}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 ? (
          <EmptyTableRow colSpan={head.length} />
        ) : (
          rows.map((cells, index) => (
            <TableRow key={index}>
              {cells.map((cell, column) => (
                <TableCell key={column}>{cell}</TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

/** 'Empresas': the CRM's clients not registered yet; a Persona moral/física takes one, a Holding several. */
export function CompaniesStep({
  type,
  companies,
  onChange,
}: {
  type: 1 | 2;
  companies: DraftCompany[];
  onChange: (companies: DraftCompany[]) => void;
}) {
  const clients = useCrmClients();
  const [picked, setPicked] = useState('');
  const chosen = new Set(companies.map((c) => c.clientId));
  const free = (clients.data ?? []).filter((c) => c.companyId === null && !chosen.has(c.numeroCliente));
  const canAdd = canAddCompany(type, companies.length);
  const add = () => {
    const client = free.find((c) => c.numeroCliente === picked);
    if (!client) return;
    onChange([
      ...companies,
      { clientId: client.numeroCliente, name: client.nombreEmpresa, legalName: client.razonSocial, legalPerson: null },
    ]);
    setPicked('');
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {clients.isError && loadError(clients.error)}
      {type === ACCOUNT_TYPE.PERSON && (
        <Alert severity="info">Una cuenta Persona moral/física tiene una sola empresa.</Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <TextField
          select
          label="Empresa (cliente CRM)"
          value={picked}
          onChange={(e) => setPicked(e.target.value)}
          disabled={!canAdd || clients.isLoading}
          sx={{ flex: 1, maxWidth: 520 }}
        >
          {free.map((client) => (
            <MenuItem key={client.numeroCliente} value={client.numeroCliente}>
              {`${client.nombreEmpresa} · ${client.numeroCliente}`}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={add} disabled={!canAdd || picked === ''}>
          Agregar
        </Button>
      </Box>
      <SimpleTable
        label="Empresas de la cuenta"
        head={['Empresa', 'Razón social', 'N° cliente', 'Acciones']}
        rows={companies.map((company) => [
          company.name,
          company.legalName,
          company.clientId,
          <RemoveButton
            key="remove"
            label={`Quitar ${company.name}`}
            onClick={() => onChange(companies.filter((c) => c.clientId !== company.clientId))}
          />,
        ])}
      />
    </Box>
  );
}

/**
 * 'Repr. Legal': for each company, one of its legal representatives in the CRM; the e-mail and phone can be
 * corrected before adding (spec 2 §5: a bad one shows 'Verifique la información ingresada').
 */
export function LegalRepresentativesStep({
  companies,
  onChange,
  onInvalid,
}: {
  companies: DraftCompany[];
  onChange: (companies: DraftCompany[]) => void;
  onInvalid: () => void;
}) {
  const [clientId, setClientId] = useState<string | null>(companies.find((c) => !c.legalPerson)?.clientId ?? null);
  const editor = useCrmLegalPerson(clientId);

  const add = () => {
    if (!clientId || !editor.picked) return;
    const legalPerson = editor.build();
    if (!legalPerson) return onInvalid();
    onChange(companies.map((c) => (c.clientId === clientId ? { ...c, legalPerson } : c)));
    editor.reset();
    setClientId(companies.find((c) => c.clientId !== clientId && !c.legalPerson)?.clientId ?? clientId);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {editor.representatives.isError && loadError(editor.representatives.error)}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField
          select
          label="Empresa"
          value={clientId ?? ''}
          onChange={(e) => {
            setClientId(e.target.value);
            editor.reset();
          }}
        >
          {companies.map((company) => (
            <MenuItem key={company.clientId} value={company.clientId}>
              {company.name}
            </MenuItem>
          ))}
        </TextField>
        <CrmLegalPersonFields editor={editor} disabled={!clientId} />
      </Box>
      <Box>
        <Button variant="outlined" onClick={add} disabled={!editor.picked}>
          Agregar
        </Button>
      </Box>
      <SimpleTable
        label="Representantes legales"
        head={['Empresa', 'Representante legal', 'Correo', 'Teléfono', 'Acciones']}
        rows={companies
          .filter((c) => c.legalPerson)
          .map((company) => [
            company.name,
            `${company.legalPerson!.firstname} ${company.legalPerson!.lastname}`,
            company.legalPerson!.email,
            company.legalPerson!.phone,
            <RemoveButton
              key="remove"
              label={`Quitar representante de ${company.name}`}
              onClick={() =>
                onChange(companies.map((c) => (c.clientId === company.clientId ? { ...c, legalPerson: null } : c)))
              }
            />,
          ])}
      />
    </Box>
  );
}

/** 'Registro finalizados': everything entered, as it will be saved. */
export function SummaryStep({ data, companies }: { data: AccountDataFields; companies: DraftCompany[] }) {
  const facts: [string, string][] = [
    ['Nombre de la cuenta', data.name],
    ['Correo electrónico', data.email],
    ['Tipo de cuenta', accountTypeLabel(data.type)],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 24px', m: 0 }}>
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <SimpleTable
        label="Resumen de empresas"
        head={['Empresa', 'Razón social', 'N° cliente', 'Representante legal', 'Correo', 'Teléfono']}
        rows={companies.map((company) => [
          company.name,
          company.legalName,
          company.clientId,
          company.legalPerson ? `${company.legalPerson.firstname} ${company.legalPerson.lastname}` : '—',
          company.legalPerson?.email ?? '—',
          company.legalPerson?.phone ?? '—',
        ])}
      />
    </Box>
  );
}
