import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One term of a section's description list: a div holding its dt and dd (the grouping a dl allows). */
export function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={wide ? { gridColumn: { sm: 'span 2' } } : undefined}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

type Named = { name: string } | null | undefined;

/** Whom a financing (a provision or a refinancing) is for: its company, branch and legal representative. */
export function OrganisationFields({ of }: { of: { company: { name: string }; agency?: Named; legalPerson?: Named } }) {
  return (
    <>
      <Field label="Empresa">{of.company.name}</Field>
      <Field label="Sucursal">{of.agency?.name ?? '-'}</Field>
      <Field label="Representante legal">{of.legalPerson?.name ?? '-'}</Field>
    </>
  );
}

/** A section's description list: its Fields on a grid of the given columns per breakpoint. */
export function FieldGrid({
  columns,
  spaceBelow,
  children,
}: {
  columns: { xs: string; sm?: string; md?: string };
  /** Keeps what follows the list (a caption, a table) apart from it. */
  spaceBelow?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, ...(spaceBelow ? { mb: 2.5 } : {}), display: 'grid', gap: 2, gridTemplateColumns: columns }}
    >
      {children}
    </Box>
  );
}
