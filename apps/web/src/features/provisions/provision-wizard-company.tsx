import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PictureAsPdf from '@mui/icons-material/PictureAsPdfOutlined';
import {
  DESCRIPTION_MAX,
  MESSAGES,
  PROVISION_ATTACHMENT_EXTENSIONS,
  PROVISION_WIZARD_MESSAGES as M,
  checkExtension,
  type SessionUser,
} from '@planpiso/domain';
import { errorResult } from '../../components/result-dialog';
import { UploadButton } from './provision-wizard-upload-button';
import { uploadDocument } from './api/provision-wizard';
import { useCompanyPeople } from '../../lib/lookups';
import type { WizardState } from './provision-wizard-state';
import { ChoiceSelect } from '../../components/form/choice-select';
import { RecordSelect } from '../../components/form/record-select';

type Props = {
  user: SessionUser;
  state: WizardState;
  onChange: (patch: Partial<WizardState>) => void;
  /** The include-all switch moved: the units' ticks are decided again. */
  onIncludeAll: (includeAll: boolean) => void;
  /** Shown under the required selects after a refused 'Siguiente'. */
  showRequired: boolean;
  /** The company of a saved provision (edit) when it is not the active one. */
  company?: { id: number; name: string } | null;
};

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/**
 * Step 1, 'Empresa' (spec 3 §2): the company (the active one of the dealer operator), the branch (only the
 * user's), the legal representative (the company's type 4 users), an optional description (≤ 250), the PDF annex
 * and the 'include all units' switch.
 */
export function ProvisionWizardCompany({ user, state, onChange, onIncludeAll, showRequired, company }: Props) {
  const people = useCompanyPeople(state.companyId);
  const [annexProblem, setAnnexProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const companies = company ? [company] : user.company ? [{ id: user.company.id, name: user.company.name }] : [];
  const own = people.data?.find((p) => p.id === user.id);
  const branches = own?.agencies ?? (user.agency ? [user.agency] : []);
  const legal = (people.data ?? []).filter((p) => p.type === 4);
  const required = (value: number | null) => (showRequired && !value ? MESSAGES.required : undefined);

  const pickAnnex = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkExtension(file.name, PROVISION_ATTACHMENT_EXTENSIONS);
    setAnnexProblem(problem);
    if (problem) return;
    setUploading(true);
    try {
      const uploaded = await uploadDocument(file, 'provision');
      onChange({ attachment: { ...uploaded, type: 2 } });
    } catch (error) {
      setAnnexProblem(errorResult(error).message ?? null);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <ChoiceSelect
        label="Empresa"
        choices={companies.map((c) => ({ value: c.id, label: c.name }))}
        value={state.companyId}
        onChoose={(companyId) => onChange({ companyId: Number(companyId) || null })}
        error={Boolean(required(state.companyId))}
        helperText={required(state.companyId)}
        required
      />
      <RecordSelect
        label="Sucursal"
        records={branches}
        labelOf={(b) => b.name}
        value={state.agencyId}
        onPick={(agencyId) => onChange({ agencyId })}
        error={Boolean(required(state.agencyId))}
        helperText={required(state.agencyId) ?? (people.isSuccess && branches.length === 0 ? M.noBranches : undefined)}
        required
      />
      <RecordSelect
        label="Representante legal"
        records={legal}
        labelOf={fullName}
        value={state.legalId}
        onPick={(legalId) => onChange({ legalId })}
        error={Boolean(required(state.legalId))}
        helperText={
          required(state.legalId) ?? (people.isSuccess && legal.length === 0 ? M.noLegalRepresentatives : undefined)
        }
        required
      />
      <TextField
        label="Descripción"
        value={state.description}
        onChange={(e) => onChange({ description: e.target.value.slice(0, DESCRIPTION_MAX) })}
        slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
        helperText={`${state.description.length}/${DESCRIPTION_MAX}`}
        error={state.description.length > DESCRIPTION_MAX}
        multiline
        minRows={2}
      />
      <Box>
        <Typography component="p" variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
          Anexo (PDF)
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <UploadButton label="Anexo (PDF)" accept=".pdf,application/pdf" onFile={pickAnnex} uploading={uploading}>
            Seleccionar PDF
          </UploadButton>
          {state.attachment ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <PictureAsPdf color="error" fontSize="small" />
              <Typography variant="body2">{state.attachment.fileName}</Typography>
              <Button size="small" onClick={() => onChange({ attachment: null })}>
                Quitar
              </Button>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {uploading ? M.uploading : '.pdf'}
            </Typography>
          )}
        </Box>
        {annexProblem && <FormHelperText error>{annexProblem}</FormHelperText>}
      </Box>
      <FormControlLabel
        control={<Switch checked={state.includeAll} onChange={(e) => onIncludeAll(e.target.checked)} />}
        label={`Incluir todas las unidades: ${state.includeAll ? 'Sí' : 'No'}`}
      />
    </Box>
  );
}
