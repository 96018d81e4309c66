import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  MESSAGES,
  ORGANISATION_MESSAGES,
  accountTypeLabel,
  canAddCompany,
  companyCountValid,
  type AccountDetail,
  type UpdateAccountRequest,
} from '@planpiso/domain';
import { FormActions } from '../../components/form/form-card';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useAccountDetail, useUpdateAccount } from './api/accounts';
import { useCrmClients } from './api/crm';
import { CrmLegalPersonFields, LEGAL_PERSON_INVALID, useCrmLegalPerson, type LegalPerson } from './crm-legal-person';
import { RemoveButton, SimpleTable, loadError } from './account-wizard-steps';
import { IconAction } from '../../components/icon-action';

/** A company row: `id` when registered; `legalPerson` when its representative is new (or the company is). */
type Row = {
  id?: number;
  clientId: string;
  name: string;
  legalName: string;
  shown: { name: string; email: string; phone: string } | null;
  legalPerson: LegalPerson | null;
};
/** The row editor: adding a company (`editing` null) or changing the representative of row `editing`. */
type Editor = { editing: string | null; clientId: string };
const EMPTY_EDITOR: Editor = { editing: null, clientId: '' };

function rowsOf(account: AccountDetail): Row[] {
  return account.companies.map((company) => {
    const legal = company.legals.find((l) => l.isDefault) ?? company.legals[0];
    return {
      id: company.id,
      clientId: company.clientId ?? '',
      name: company.name,
      legalName: company.legalName ?? '',
      shown: legal
        ? { name: `${legal.firstname} ${legal.lastname}`, email: legal.email, phone: legal.phone ?? '' }
        : null,
      legalPerson: null,
    };
  });
}

/**
 * /editar-cuenta/{id} (spec 2 "Account edit"): the account's data read-only; company and legal-representative
 * selectors with add, save and cancel row buttons; the companies table with edit and delete; Cancelar and Guardar.
 */
export function AccountEditPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const account = useAccountDetail(id);
  const clients = useCrmClients();
  const update = useUpdateAccount(id);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [editor, setEditor] = useState<Editor>(EMPTY_EDITOR);
  const [problem, setProblem] = useState<ActionResult | null>(null);
  const person = useCrmLegalPerson(editor.clientId || null);

  useEffect(() => {
    if (account.data && rows === null) setRows(rowsOf(account.data));
  }, [account.data, rows]);

  const flow = useConfirmedAction<UpdateAccountRequest>({
    run: (body) => update.mutateAsync(body),
    prompt: () => ({ message: MESSAGES.confirmEdit }),
    onAccepted: (succeeded) => succeeded && void navigate('/cuentas'),
  });

  if (account.isError) return <Alert severity="error">{errorResult(account.error).message}</Alert>;
  if (!account.data || rows === null) return <Skeleton variant="rounded" height={320} />;
  const data = account.data;
  const chosen = new Set(rows.map((r) => r.clientId));
  const free = (clients.data ?? []).filter((c) => c.companyId === null && !chosen.has(c.numeroCliente));
  const adding = editor.editing === null;
  const canAdd = canAddCompany(data.type, rows.length);

  const openEditor = (next: Editor) => {
    setEditor(next);
    person.reset();
  };

  const saveRow = () => {
    if (!person.picked) return;
    const legalPerson = person.build();
    if (!legalPerson) return setProblem(LEGAL_PERSON_INVALID);
    const shown = {
      name: `${legalPerson.firstname} ${legalPerson.lastname}`,
      email: legalPerson.email,
      phone: legalPerson.phone,
    };
    if (adding) {
      const client = free.find((c) => c.numeroCliente === editor.clientId);
      if (!client) return;
      setRows([
        ...rows,
        {
          clientId: client.numeroCliente,
          name: client.nombreEmpresa,
          legalName: client.razonSocial,
          shown,
          legalPerson,
        },
      ]);
    } else {
      setRows(rows.map((r) => (r.clientId === editor.editing ? { ...r, shown, legalPerson } : r)));
    }
    openEditor(EMPTY_EDITOR);
  };

  const save = () => {
    const body: UpdateAccountRequest = {
      companies: rows.map((r) => ({
        ...(r.id ? { id: r.id } : {}),
        clientId: r.clientId,
        name: r.name,
        legalName: r.legalName,
        legalPerson: r.legalPerson,
      })),
    };
    if (!companyCountValid(data.type, rows.length)) {
      return setProblem({ ok: false, message: ORGANISATION_MESSAGES.wizardInvalid });
    }
    flow.ask(body);
  };

  const facts: [string, string][] = [
    ['Nombre de la cuenta', data.name],
    ['Correo electrónico', data.email ?? '—'],
    ['Tipo de cuenta', accountTypeLabel(data.type)],
  ];

  return (
    <Paper
      component="section"
      aria-label="Editar cuenta"
      sx={{ p: 3, border: 1, borderColor: 'divider', maxWidth: 1080, display: 'grid', gap: 3 }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
        {facts.map(([label, value]) => (
          <TextField key={label} label={label} value={value} slotProps={{ input: { readOnly: true } }} disabled />
        ))}
      </Box>

      <Box component="section" aria-label="Empresa y representante legal" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {adding ? 'Agregar empresa' : 'Cambiar representante legal'}
        </Typography>
        {clients.isError && loadError(clients.error)}
        {person.representatives.isError && loadError(person.representatives.error)}
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField
            select
            label="Empresa"
            value={editor.clientId}
            onChange={(e) => openEditor({ ...EMPTY_EDITOR, clientId: e.target.value })}
            disabled={!adding || !canAdd}
          >
            {(adding
              ? free.map((c) => [c.numeroCliente, `${c.nombreEmpresa} · ${c.numeroCliente}`])
              : [[editor.clientId, rows.find((r) => r.clientId === editor.clientId)?.name ?? editor.clientId]]
            ).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <CrmLegalPersonFields editor={person} disabled={!editor.clientId} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          {adding ? (
            <Button variant="outlined" onClick={saveRow} disabled={!person.picked || !canAdd}>
              Agregar
            </Button>
          ) : (
            <>
              <Button variant="outlined" onClick={saveRow} disabled={!person.picked}>
                Guardar
              </Button>
              <Button onClick={() => openEditor(EMPTY_EDITOR)}>Cancelar</Button>
            </>
          )}
        </Box>
      </Box>

      <SimpleTable
        label="Empresas de la cuenta"
        head={['Empresa', 'Razón social', 'Representante legal', 'Correo', 'Teléfono', 'Acciones']}
        rows={rows.map((row) => [
          row.name,
          row.legalName,
          row.shown?.name ?? '—',
          row.shown?.email ?? '—',
          row.shown?.phone || '—',
          <Box key="actions" sx={{ display: 'flex' }}>
            <IconAction
              title="Editar"
              label={`Editar ${row.name}`}
              icon={<EditOutlined fontSize="small" />}
              onClick={() => openEditor({ editing: row.clientId, clientId: row.clientId })}
            />
            <RemoveButton
              label={`Eliminar ${row.name}`}
              onClick={() => setRows(rows.filter((r) => r.clientId !== row.clientId))}
            />
          </Box>,
        ])}
      />

      <FormActions onCancel={() => void navigate('/cuentas')} onSave={save} disabled={flow.running} />
      <ResultDialog result={problem} onAccept={() => setProblem(null)} />
      {flow.dialogs}
    </Paper>
  );
}
