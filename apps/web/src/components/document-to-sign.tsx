import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { SIGNING_MESSAGES, evidenceSizeLabel, signedStatusLabel, type SigningEvidence } from '@planpiso/domain';

/**
 * One document the caller still has to sign: its name, and the provider's sign page in a new tab. Shared by the
 * provisions' and the refinancings' 'Firmar documentos' pages (one e-signature flow, decisions 037 and 047).
 */
export function DocumentToSign({ document, signUrl }: { document: SigningEvidence; signUrl: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
        <DrawOutlined color="primary" />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{document.fileName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {evidenceSizeLabel(document.fileSize)} · {signedStatusLabel(document.signedStatus)}
          </Typography>
        </Box>
      </Box>
      <Button
        variant="contained"
        endIcon={<OpenInNew />}
        href={signUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${SIGNING_MESSAGES.sign} ${document.fileName}`}
      >
        {SIGNING_MESSAGES.sign}
      </Button>
    </Paper>
  );
}
