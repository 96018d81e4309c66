import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { FINANCING_MESSAGES } from '@planpiso/domain';
import { errorResult } from '../../components/result-dialog';
import { useEligibility } from './api/eligibility-dialog';

type Props = {
  /** Where the dealer goes when it may draw: /crear-disposicion. */
  continueTo: string;
  onClose: () => void;
};

/** The verdict line is the last one ('Puedes disponer', 'No puedes disponer', the exception's state). */
function MessageIcon({ last, allowed }: { last: boolean; allowed: boolean }) {
  if (!last) return <InfoOutlined color="warning" />;
  return allowed ? <CheckCircleOutline color="success" /> : <ErrorOutline color="error" />;
}

/**
 * 'Resultado de validación' (spec 3 §5 "Pre-checks", §8): Crear Nuevo asks the server, fresh, whether the dealer may
 * draw now (GET /api/audits/validate-process: account, company, pending balances, audits in progress, the latest
 * exception), and lists its messages. 'Puedes disponer' or an approved exception: Continuar goes on to the wizard;
 * otherwise the dealer stays on the list with Aceptar.
 */
export function EligibilityDialog({ continueTo, onClose }: Props) {
  const navigate = useNavigate();
  const eligibility = useEligibility(true);
  const { refetch } = eligibility;
  // The list may have asked earlier; the decision to create reads the answer of now.
  useEffect(() => {
    void refetch();
  }, [refetch]);

  const answer = eligibility.isFetching ? undefined : eligibility.data;
  const failed = !eligibility.isFetching && eligibility.isError;
  const allowed = answer?.canProvision === true;

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="eligibility-title">
      <DialogTitle id="eligibility-title">{FINANCING_MESSAGES.eligibilityTitle}</DialogTitle>
      <DialogContent>
        {!answer && !failed && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress aria-label="Validando" />
          </Box>
        )}
        {failed && <Alert severity="error">{errorResult(eligibility.error).message}</Alert>}
        {answer && (
          <List dense disablePadding aria-label={FINANCING_MESSAGES.eligibilityTitle}>
            {answer.messages.map((message, index) => (
              <ListItem key={message} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <MessageIcon last={index === answer.messages.length - 1} allowed={allowed} />
                </ListItemIcon>
                <ListItemText primary={message} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {allowed ? (
          <>
            <Button onClick={onClose}>Cancelar</Button>
            <Button
              variant="contained"
              autoFocus
              onClick={() => {
                // Closed first: the title bar outlives the list, and would show it again on the way back.
                onClose();
                void navigate(continueTo);
              }}
            >
              Continuar
            </Button>
          </>
        ) : (
          <Button variant="contained" autoFocus onClick={onClose} disabled={!answer && !failed}>
            Aceptar
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
