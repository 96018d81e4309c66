import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/**
 * A row's icon action: `title` is what the tooltip shows ('Editar'), `label` what a screen reader hears and tests
 * find ('Editar Autos del Norte').
 */
export function IconAction({
  title,
  label,
  icon,
  onClick,
}: {
  title: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
