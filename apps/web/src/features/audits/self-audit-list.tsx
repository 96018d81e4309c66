import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOT_AUDIT_MESSAGES as TEXT } from '@planpiso/domain';
import { errorResult } from '../../components/result-dialog';
import { useLotAudits } from './api/lot-audits';
import { LotAuditIdentity } from './lot-audit-page-parts';

/**
 * /autoauditorias (issue 29 item 3, types 4 and 5): the self-audits the lender requested of the dealer's company,
 * open ones first, each with its deadline and progress; a card opens its units on the phone.
 */
export function SelfAuditListPage() {
  const audits = useLotAudits();
  if (audits.isError) return <Alert severity="error">{errorResult(audits.error).message}</Alert>;
  if (!audits.data) return <LinearProgress aria-label="Cargando" />;
  if (audits.data.length === 0) return <Typography>{TEXT.noSelfAudits}</Typography>;
  return (
    <Stack
      spacing={1.5}
      sx={{ maxWidth: 640, mx: 'auto' }}
      component="ul"
      aria-label={TEXT.selfAudits}
      style={{ padding: 0 }}
    >
      {audits.data.map((audit) => (
        <Card key={audit.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
          <CardActionArea
            component={RouterLink}
            to={`/auditorias/${audit.id}/unidades`}
            aria-label={`${TEXT.openUnits}: auditoría ${audit.folio}`}
          >
            <CardContent>
              <LotAuditIdentity audit={audit} />
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {TEXT.progressLabel}: {audit.progress.text}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
}
