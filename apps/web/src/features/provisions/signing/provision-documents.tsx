import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { PROVISION_WIZARD_MESSAGES } from '@planpiso/domain';
import { useProvisionDetail } from '../api/provision-wizard';
import { useSigningEvidences } from './api/signing';

/** The provision of the route's `{id}` and its documents; nothing is asked for while the id is not a valid one. */
export function useProvisionDocuments() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const provision = useProvisionDetail(valid ? id : null);
  const documents = useSigningEvidences(valid ? id : 0);
  return { id, valid, provision, documents };
}

/** The provision's folio and company over its documents, once it has loaded. */
export function ProvisionHeading({ provision }: { provision: ReturnType<typeof useProvisionDetail> }) {
  if (!provision.data) return null;
  return (
    <Typography variant="subtitle1" component="p">
      {PROVISION_WIZARD_MESSAGES.editHeading} {provision.data.folio} · {provision.data.company.name}
    </Typography>
  );
}
