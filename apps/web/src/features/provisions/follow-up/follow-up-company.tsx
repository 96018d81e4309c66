import Link from '@mui/material/Link';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { EVIDENCE_TYPE } from '@planpiso/domain';
import { Field, OrganisationFields, FieldGrid } from '../../../components/detail-field';
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
      <FieldGrid columns={{ xs: '1fr', sm: 'repeat(3, 1fr)' }}>
        <OrganisationFields of={provision} />
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
      </FieldGrid>
    </DetailSection>
  );
}
