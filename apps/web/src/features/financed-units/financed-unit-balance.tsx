import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FINANCED_UNIT_MESSAGES as M, FINANCED_UNIT_STATUS, type FinancedUnitDetail } from '@planpiso/domain';
import { Field, FieldGrid } from '../../components/detail-field';
import { DetailSection } from '../../components/detail-section';
import { FormBox } from '../../components/form/form-box';
import { formatAmount, formatDate } from '../../lib/format';
import { useFinancedUnitBalance } from './api/get-financed-units';

/**
 * Saldo en CRM (issue 29 §1, §5): the credit's money asked of the CRM as the page opens — principal, interest,
 * payments, next curtailment — and, for a unit not paid, a payoff quote for the day the user picks. A CRM that does
 * not answer leaves the page as it is, with the kept balance (or none) and the server's notice.
 */
export function FinancedUnitBalanceSection({ unit }: { unit: FinancedUnitDetail }) {
  const [draft, setDraft] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const answer = useFinancedUnitBalance(unit.id, date);
  const data = answer.data;
  const balance = data?.balance ?? null;
  const paid = unit.status === FINANCED_UNIT_STATUS.PAID;
  return (
    <DetailSection id="financed-unit-balance-title" title={M.balanceTitle}>
      {answer.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {(answer.isError || data?.notice) && (
            <Alert severity={data?.live ? 'info' : 'warning'}>{data?.notice ?? M.balanceUnavailable}</Alert>
          )}
          {balance && (
            <FieldGrid columns={{ xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }}>
              <Field label={M.balancePrincipal}>{formatAmount(balance.principal)}</Field>
              <Field label={M.balanceInterest}>{formatAmount(balance.accruedInterest)}</Field>
              <Field label={M.balancePaidTotal}>{formatAmount(balance.paidTotal)}</Field>
              <Field label={M.balanceNextCurtailment}>
                {balance.nextCurtailment
                  ? `${formatDate(balance.nextCurtailment.date)} · ${formatAmount(balance.nextCurtailment.amount)}`
                  : '-'}
              </Field>
            </FieldGrid>
          )}
          {balance && data?.live && !paid && (
            <FormBox
              label={M.payoffQuoteTitle}
              sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
              onSubmit={() => setDate(draft || null)}
            >
              <TextField
                type="date"
                size="small"
                label={M.payoffQuoteDate}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <Button type="submit" variant="outlined">
                {M.payoffQuoteAction}
              </Button>
              {data.quote && (
                <Typography role="status">
                  {`${M.payoffQuoteTotal} al ${formatDate(data.quote.date)}: `}
                  <strong>{formatAmount(data.quote.total)}</strong>
                </Typography>
              )}
            </FormBox>
          )}
          {balance && (
            <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{M.balanceAsOf(formatDate(balance.asOf))}</Box>
          )}
        </Box>
      )}
    </DetailSection>
  );
}
