import { Money, formatCurrencyText, refinancingRemainingShown, termLabel, type UserType } from '@planpiso/domain';
import { Field, OrganisationFields, FieldGrid } from '../../../components/detail-field';
import type { RefinancingDetail } from './api/refinancing-detail';
import { DetailSection } from '../../../components/detail-section';

type Props = {
  refinancing: RefinancingDetail;
  userType: UserType;
  /** The total shown: the refinancing's, or the ticked units' sum while the operator accepts (spec 3 §4). */
  total: string;
};

const money = (value: string | null | undefined) =>
  value === null || value === undefined ? '-' : formatCurrencyText(value);

/**
 * 'Datos del refinanciamiento' (spec 3 §2 "/refinanciamientos/{id}"): company, branch, legal representative, credit
 * line, term, whether evidences are requested, the line's balances (the remaining one for types 2 and 3, spec 3 §6)
 * and the total, with the create page's labels (Saldo disponible, Saldo restante, Monto total). Until the server has read the line from the CRM the balances show '-'.
 */
export function RefinancingDetailSummary({ refinancing, userType, total }: Props) {
  const balances = refinancing.balances?.known ? refinancing.balances : null;
  // The create page's labels and rule (issue 26, domain operationBalances): Saldo disponible from the server (the
  // line's remaining minus every other hold), Saldo restante = disponible − the total shown — the refinancing's, or
  // the ticked units' while the operator accepts — so the remaining never contradicts the total beside it.
  const remaining = balances ? Money.of(balances.available).sub(Money.of(total)).toDecimalString() : null;
  return (
    <DetailSection id="refinancing-data-title" title="Datos del refinanciamiento">
      <FieldGrid columns={{ xs: '1fr 1fr', md: 'repeat(4, 1fr)' }}>
        <OrganisationFields of={refinancing} />
        <Field label="Línea de crédito">{refinancing.creditLine}</Field>
        <Field label="Plazo">{refinancing.deadlines ? termLabel(refinancing.deadlines) : '-'}</Field>
        <Field label="Solicitar evidencias">{refinancing.requireEvidences ? 'Si' : 'No'}</Field>
        <Field label="Saldo disponible">{money(balances?.available)}</Field>
        {refinancingRemainingShown(userType) && <Field label="Saldo restante">{money(remaining)}</Field>}
        <Field label="Monto total">{money(total)}</Field>
        {refinancing.useManualFolio && refinancing.manualFolio && (
          <Field label="Folio manual">{refinancing.manualFolio}</Field>
        )}
      </FieldGrid>
    </DetailSection>
  );
}
