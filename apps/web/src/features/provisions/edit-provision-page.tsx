import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { MESSAGES, PROVISION_STATUS, PROVISION_WIZARD_MESSAGES } from '@planpiso/domain';
import { errorResult } from '../../components/result-dialog';
import { useSession } from '../../lib/session';
import { useProvisionDetail } from './api/provision-wizard';
import { ProvisionWizard } from './provision-wizard';
import { fromDetail } from './provision-wizard-state';

/**
 * /editar-disposicion/{id} (spec 3 §2 "Edit provision"): 'N° de Disposición' and the folio, the same form prefilled
 * from the saved provision, Cancelar and Guardar. Only a saved provision (status 1) can be edited.
 */
export function EditProvisionPage() {
  const id = Number(useParams().id);
  const session = useSession();
  const detail = useProvisionDetail(Number.isInteger(id) && id > 0 ? id : null);
  if (!session) return null;
  if (detail.isError) return <Alert severity="error">{errorResult(detail.error).message ?? MESSAGES.loadError}</Alert>;
  if (!detail.data) return <Skeleton variant="rounded" height={320} sx={{ maxWidth: 1180 }} />;
  const provision = detail.data;
  if (provision.status !== PROVISION_STATUS.CREATED) {
    return <Alert severity="warning">{PROVISION_WIZARD_MESSAGES.notEditable}</Alert>;
  }
  return (
    <ProvisionWizard
      key={`${provision.id}:${provision.version}`}
      user={session.user}
      initial={fromDetail(provision)}
      clientNumber={provision.company.clientId}
      company={{ id: provision.company.id, name: provision.company.name }}
      edited={{
        id: provision.id,
        folio: provision.folio,
        version: provision.version,
        creditLine: provision.creditLine,
        total: provision.total,
      }}
    />
  );
}
