import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import BusinessIcon from '@mui/icons-material/Business';
import type { SessionUser } from '@planpiso/domain';
import { ApiError } from '../../lib/api-client';
import { switchCompany } from '../../lib/session';

type CompanySelectProps = {
  user: SessionUser;
  /** 'bar': white on the top bar; 'menu': full width and outlined, in a phone's menu drawer. */
  placement?: 'bar' | 'menu';
  /** After the switch went through (the drawer closes). */
  onChosen?: () => void;
};

/** Choosing a company makes it the active one for the session and returns to / (spec 1 §2.3). */
export function CompanySelect({ user, placement = 'bar', onChosen }: CompanySelectProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  const choose = async (companyId: number) => {
    if (companyId === user.company?.id) return;
    setBusy(true);
    try {
      await switchCompany(companyId);
      // Every cached list belonged to the previous company.
      await queryClient.invalidateQueries();
      void navigate('/');
      onChosen?.();
    } catch (error) {
      if (error instanceof ApiError && error.statusCode !== 401) enqueueSnackbar(error.message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Select
      size="small"
      value={user.company ? String(user.company.id) : ''}
      onChange={(e) => void choose(Number(e.target.value))}
      disabled={busy}
      displayEmpty
      inputProps={{ 'aria-label': 'Compañía' }}
      startAdornment={<BusinessIcon fontSize="small" sx={{ mr: 1, color: 'primary.main' }} />}
      renderValue={(value) => user.companies.find((c) => String(c.id) === value)?.name ?? 'Seleccione una compañía'}
      fullWidth={placement === 'menu'}
      sx={placement === 'menu' ? { minWidth: 0 } : { minWidth: 260, bgcolor: '#fff', '& fieldset': { border: 0 } }}
    >
      {user.companies.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </Select>
  );
}
