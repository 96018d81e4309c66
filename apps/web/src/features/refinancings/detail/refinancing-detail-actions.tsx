import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Download from '@mui/icons-material/Download';
import Draw from '@mui/icons-material/Draw';
import {
  PROVISION_FOLLOW_UP_MESSAGES,
  REFINANCING_DETAIL_MESSAGES as M,
  REFINANCING_STATUS,
  SIGNING_MESSAGES,
  canSignRefinancing,
  refinancingSignLink,
  signedDocumentViewable,
  type ConfirmRefinancingUnitsRequest,
  type UserType,
} from '@planpiso/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SendToCrmDialog, UpdateFolioDialog } from '../../../components/lender-dialogs';
import { canCall } from '../../../lib/can';
import { refinancingCalls, type RefinancingCall } from './api/refinancing-actions';
import type { RefinancingDetail, RefinancingDetailUnit } from './api/refinancing-detail';
import { RefinancingConfirmUnitsDialog } from './refinancing-confirm-units-dialog';
import type { RefinancingRunner } from './use-refinancing-runner';

type Props = {
  refinancing: RefinancingDetail;
  userType: UserType;
  runner: RefinancingRunner;
  onEvidence: (unit: RefinancingDetailUnit) => void;
};
type Asked = { message: string; call: RefinancingCall };
type Open = 'crm' | 'folio' | 'units' | null;

/**
 * The detail's buttons besides Aceptar and Rechazar (spec 3 §4, §6; decision 045). Every state-changing button shows
 * because the server's `actions` (refinancingActionsFor) list it; the two downloads read the API permission table.
 */
export function RefinancingDetailActions({ refinancing, userType, runner, onEvidence }: Props) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const { version, actions } = refinancing;
  const offers = (action: RefinancingDetail['actions'][number]) => actions.includes(action);
  const ask = (message: string, call: RefinancingCall) => setAsked({ message, call });

  const confirmUnits = (body: ConfirmRefinancingUnitsRequest) => {
    setOpen(null);
    void runner.run((id) => refinancingCalls.confirmUnits(id, body));
  };

  const buttons = [
    offers('updateFolio') && (
      <Button key="folio" variant="outlined" onClick={() => setOpen('folio')}>
        Actualizar folio
      </Button>
    ),
    canCall('GET /api/refinancings/:id/units.xlsx', userType) && (
      <Button
        key="xlsx"
        variant="outlined"
        startIcon={<Download />}
        disabled={runner.busy}
        onClick={() => void runner.run(refinancingCalls.downloadUnits, PROVISION_FOLLOW_UP_MESSAGES.downloadComplete)}
      >
        Descargar XLSX
      </Button>
    ),
    canCall('GET /api/refinancings/:id/signed-documents', userType) &&
      refinancing.documents.some((document) => !signedDocumentViewable(document.signedStatus)) && (
        <Button
          key="signed"
          variant="outlined"
          startIcon={<Download />}
          disabled={runner.busy}
          onClick={() =>
            void runner.run(refinancingCalls.downloadSignedDocuments, PROVISION_FOLLOW_UP_MESSAGES.downloadComplete)
          }
        >
          Descargar documentos firmados
        </Button>
      ),
    offers('confirmUnits') && (
      <Button key="units" variant="outlined" onClick={() => setOpen('units')}>
        Validar unidades
      </Button>
    ),
    offers('confirm') && (
      <Button
        key="confirm"
        variant="contained"
        onClick={() => ask(M.confirmConfirm, (id) => refinancingCalls.confirm(id, version))}
      >
        Confirmar
      </Button>
    ),
    offers('evidenceComplete') && (
      <Button
        key="complete"
        variant="contained"
        onClick={() =>
          ask(M.confirmEvidenceComplete, (id) =>
            refinancingCalls.setStatus(id, REFINANCING_STATUS.ADMIN_VALIDATION, version),
          )
        }
      >
        Evidencia completa
      </Button>
    ),
    offers('sendToFinbe') && (
      <Button
        key="finbe"
        variant="contained"
        onClick={() =>
          ask(M.confirmSendToFinbe, (id) => refinancingCalls.setStatus(id, REFINANCING_STATUS.SENT_TO_SIGN, version))
        }
      >
        Enviar a FinBe
      </Button>
    ),
    offers('send') && (
      <Button
        key="send"
        variant="outlined"
        onClick={() => ask(M.confirmSend, (id) => refinancingCalls.send(id, version))}
      >
        Enviar
      </Button>
    ),
    offers('sendToSign') && (
      <Button
        key="sign"
        variant="contained"
        onClick={() =>
          ask(PROVISION_FOLLOW_UP_MESSAGES.confirmSendToSign, (id) => refinancingCalls.sendToSign(id, version))
        }
      >
        Enviar a firma
      </Button>
    ),
    offers('release') && (
      <Button
        key="release"
        variant="outlined"
        onClick={() => ask(PROVISION_FOLLOW_UP_MESSAGES.confirmRelease, (id) => refinancingCalls.release(id, version))}
      >
        Liberar
      </Button>
    ),
    offers('sendToCrm') && (
      <Button key="crm" variant="contained" onClick={() => setOpen('crm')}>
        Enviar a CRM
      </Button>
    ),
    // Issue 26: the legal representative signs in the app, as on a provision (not a machine row: the provider's
    // webhook moves the refinancing).
    canSignRefinancing(userType, refinancing.status) && (
      <Button
        key="signDocuments"
        variant="contained"
        startIcon={<Draw />}
        component={RouterLink}
        to={refinancingSignLink(refinancing.id)}
      >
        {SIGNING_MESSAGES.signDocumentsTitle}
      </Button>
    ),
  ].filter(Boolean);

  if (buttons.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1.5 }}>
      {buttons}
      <ConfirmDialog
        open={asked !== null}
        message={asked?.message ?? ''}
        busy={runner.busy}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          const chosen = asked;
          setAsked(null);
          if (chosen) void runner.run(chosen.call);
        }}
      />
      {open === 'units' && (
        <RefinancingConfirmUnitsDialog
          units={refinancing.units}
          version={version}
          busy={runner.busy}
          onCancel={() => setOpen(null)}
          onSend={confirmUnits}
          onEvidence={onEvidence}
        />
      )}
      {open === 'crm' && (
        <SendToCrmDialog
          open
          busy={runner.busy}
          onCancel={() => setOpen(null)}
          onSend={(approvedDate) => {
            setOpen(null);
            void runner.run((id) => refinancingCalls.sendToCrm(id, approvedDate, version));
          }}
        />
      )}
      {open === 'folio' && (
        <UpdateFolioDialog
          open
          current={refinancing.manualFolio ?? ''}
          busy={runner.busy}
          onCancel={() => setOpen(null)}
          onSend={(manualFolio) => {
            setOpen(null);
            void runner.run((id) => refinancingCalls.updateFolio(id, manualFolio, version));
          }}
        />
      )}
    </Box>
  );
}
