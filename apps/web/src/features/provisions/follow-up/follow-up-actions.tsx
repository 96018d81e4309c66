import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Download from '@mui/icons-material/Download';
import {
  PROVISION_FOLLOW_UP_MESSAGES as M,
  PROVISION_LENDER_MESSAGES,
  PROVISION_ROW_LINKS,
  SIGNING_MESSAGES,
  canSignProvision,
  type UserType,
} from '@planpiso/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { canCall } from '../../../lib/can';
import { followUpCalls, type FollowUpCall } from './api/follow-up-actions';
import type { FollowUpDetail } from './api/follow-up-detail';
import { SendToCrmDialog, UpdateFolioDialog } from '../../../components/lender-dialogs';
import type { FollowUpRunner, RunOptions } from './use-follow-up-runner';

type Props = { provision: FollowUpDetail; userType: UserType; runner: FollowUpRunner };

type Confirmed = { message: string; call: FollowUpCall; options: RunOptions };
type Open = 'crm' | 'folio' | null;

/**
 * The page's buttons besides the validation at status 3, each shown when the server's `actions` (the domain
 * machine's provisionActionsFor for this user and status) list it (spec 3 §4, §6):
 * - Liberar and Enviar a CRM: types 1 and 3 once signing started (6, 7);
 * - Actualizar folio and Generar documento nuevamente: types 1 and 3;
 * - Generar documentos and Enviar a firma: type 5 at Aceptada (4);
 * - Descargar XLSX: who may call the route (types 1 and 3);
 * - Firmar documentos: type 4 while the documents are out for signature (the list's rule).
 */
export type FollowUpButton =
  | 'updateFolio'
  | 'downloadUnits'
  | 'redoDocument'
  | 'generateDocuments'
  | 'sendToSign'
  | 'release'
  | 'sendToCrm'
  | 'signLink';

/** The buttons this user gets on this provision, in the order they show. */
export function followUpButtons(provision: FollowUpDetail, userType: UserType): FollowUpButton[] {
  const machine = (
    ['updateFolio', 'redoDocument', 'generateDocuments', 'sendToSign', 'release', 'sendToCrm'] as const
  ).filter((action) => provision.actions.includes(action));
  const shown: FollowUpButton[] = [];
  if (machine.includes('updateFolio')) shown.push('updateFolio');
  if (canCall('GET /api/provisions/:id/units.xlsx', userType)) shown.push('downloadUnits');
  for (const action of machine) if (action !== 'updateFolio') shown.push(action);
  if (canSignProvision(userType, provision.status)) shown.push('signLink');
  return shown;
}

export function FollowUpActions({ provision, userType, runner }: Props) {
  const [confirming, setConfirming] = useState<Confirmed | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const shown = followUpButtons(provision, userType);
  const can = (button: FollowUpButton) => shown.includes(button);
  const { version } = provision;

  const ask = (message: string, call: FollowUpCall, options: RunOptions) => setConfirming({ message, call, options });
  const buttons = [
    can('updateFolio') && (
      <Button key="folio" variant="outlined" onClick={() => setOpen('folio')}>
        Actualizar folio
      </Button>
    ),
    can('downloadUnits') && (
      <Button
        key="xlsx"
        variant="outlined"
        startIcon={<Download />}
        disabled={runner.busy}
        onClick={() => void runner.run(followUpCalls.downloadUnits, { success: M.downloadComplete, leaves: false })}
      >
        Descargar XLSX
      </Button>
    ),
    can('redoDocument') && (
      <Button
        key="redo"
        variant="outlined"
        onClick={() =>
          ask(M.confirmRedo, (id) => followUpCalls.redoDocument(id, version), {
            success: SIGNING_MESSAGES.documentRedone,
            leaves: false,
          })
        }
      >
        Generar documento nuevamente
      </Button>
    ),
    can('generateDocuments') && (
      <Button
        key="generate"
        variant="outlined"
        onClick={() =>
          ask(M.confirmGenerate, (id) => followUpCalls.generateDocuments(id, version), {
            success: SIGNING_MESSAGES.documentsGenerated,
            leaves: false,
          })
        }
      >
        Generar documentos
      </Button>
    ),
    can('sendToSign') && (
      <Button
        key="sign"
        variant="contained"
        disabled={provision.signingDocuments === 0}
        onClick={() =>
          ask(M.confirmSendToSign, (id) => followUpCalls.sendToSign(id, version), {
            success: SIGNING_MESSAGES.sentToSign,
            leaves: true,
          })
        }
      >
        Enviar a firma
      </Button>
    ),
    can('release') && (
      <Button
        key="release"
        variant="outlined"
        onClick={() =>
          ask(M.confirmRelease, (id) => followUpCalls.release(id, version), {
            success: PROVISION_LENDER_MESSAGES.released,
            leaves: true,
          })
        }
      >
        Liberar
      </Button>
    ),
    can('sendToCrm') && (
      <Button key="crm" variant="contained" onClick={() => setOpen('crm')}>
        Enviar a CRM
      </Button>
    ),
    can('signLink') && (
      <Button key="sign-link" variant="contained" component={RouterLink} to={PROVISION_ROW_LINKS.sign(provision.id)}>
        Firmar documentos
      </Button>
    ),
  ].filter(Boolean);

  if (buttons.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1.5 }}>
      {buttons}
      <ConfirmDialog
        open={confirming !== null}
        message={confirming?.message ?? ''}
        busy={runner.busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const chosen = confirming;
          setConfirming(null);
          if (chosen) void runner.run(chosen.call, chosen.options);
        }}
      />
      {open === 'crm' && (
        <SendToCrmDialog
          open
          busy={runner.busy}
          onCancel={() => setOpen(null)}
          onSend={(approvedDate) => {
            setOpen(null);
            void runner.run((id) => followUpCalls.sendToCrm(id, { approvedDate, version }), {
              success: PROVISION_LENDER_MESSAGES.sentToCrm,
              leaves: true,
            });
          }}
        />
      )}
      {open === 'folio' && (
        <UpdateFolioDialog
          open
          current={provision.manualFolio ?? ''}
          busy={runner.busy}
          onCancel={() => setOpen(null)}
          onSend={(manualFolio) => {
            setOpen(null);
            void runner.run((id) => followUpCalls.updateFolio(id, { manualFolio, version }), {
              success: PROVISION_LENDER_MESSAGES.folioUpdated,
              leaves: false,
            });
          }}
        />
      )}
    </Box>
  );
}
