import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = {
  /** The heading's id, which names the section for assistive technology (and the e2e journeys). */
  id: string;
  title: string;
  /** Lets a wide table shrink inside a grid column rather than widen the page. */
  shrinks?: boolean;
  children: ReactNode;
};

/** A detail page's section: an outlined paper named by its h2 title. */
export function DetailSection({ id, title, shrinks, children }: Props) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={shrinks ? { p: 2.5, minWidth: 0 } : { p: 2.5 }}
    >
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
