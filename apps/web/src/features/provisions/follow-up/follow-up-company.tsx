import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { EVIDENCE_TYPE } from '@planpiso/domain';
import { Field } from '../../../components/detail-field';
import type { FollowUpDetail } from './api/follow-up-detail';
import { DetailSection } from '../../../components/detail-section';

type Props = { provision: FollowUpDetail; onOpenFile: (fileId: number) => void };

/**
 * 'Datos de la empresa' (spec 3 §2 "Follow-up"): company, branch, legal representative, the attached document (the
 * annex, opened through its short-lived signed link) and the description.
 */
export function FollowUpCompany({ provision, onOpenFile }: Props) {
  const annexes = provision.evidences.filter((e) => e.type === EVIDENCE_TYPE.PROVISION_ATTACHMENT);
  return (
    <DetailSection id="company-title" title="Datos de la empresa">
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
      >
        <Field label="Empresa">{provision.company.name}</Field>
        <Field label="Sucursal">{provision.agency?.name ?? '-'}</Field>
        <Field label="Representante legal">{provision.legalPerson?.name ?? '-'}</Field>
        <Field label="Documento adjunto">
          {annexes.length === 0
            ? '-'
            : annexes.map((annex) => (
                <Link
                  key={annex.id}
                  component="button"
                  type="button"
                  onClick={() => onOpenFile(annex.fileId)}
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, textAlign: 'left' }}
                >
                  <PictureAsPdfOutlined fontSize="small" />
                  {annex.fileName}
                </Link>
              ))}
        </Field>
        <Field label="Descripción" wide>
          {provision.description || '-'}
        </Field>
      </Box>
    </DetailSection>
  );
}
