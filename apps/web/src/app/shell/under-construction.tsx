import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { MESSAGES } from '@planpiso/domain';

/** A route whose screen belongs to a later issue: say so plainly instead of showing a blank page. */
export function UnderConstruction() {
  return (
    <Paper
      sx={{ p: 6, textAlign: 'center', border: 1, borderColor: 'divider', borderStyle: 'dashed', borderRadius: 3 }}
    >
      <ConstructionIcon sx={{ fontSize: 64, color: 'secondary.main', mb: 2 }} />
      <Typography variant="h6" component="h2" gutterBottom>
        {MESSAGES.underConstruction}
      </Typography>
      <Typography color="text.secondary">{MESSAGES.underConstructionDetail}</Typography>
    </Paper>
  );
}
