import IconButton from '@mui/material/IconButton';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';

/** A row's bin icon: `label` names what it removes ('Quitar 3VWFE21C04M000001'), as screen readers and tests find it. */
export function RemoveIconButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled?: boolean | undefined;
  onClick: () => void;
}) {
  return (
    <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
      <DeleteOutline fontSize="small" />
    </IconButton>
  );
}
