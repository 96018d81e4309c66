import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import {
  REFINANCING_MESSAGES as M,
  isUserType,
  refinancingScreenFlags,
  refinancingTickRefusal,
  type RefinancingAvailableUnit,
} from '@planpiso/domain';
import { PagedGrid } from '../../components/paged-grid';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useUrlListState } from '../../components/use-url-list-state';
import { useSession } from '../../lib/session';
import { REFINANCING_UNIT_LIST, useRefinancingUnits, useUpdateRefinancingUnit } from './api/refinancing-units';
import { refinancingSelection, useRefinancingSelection } from './refinancing-selection';
import { RefinancingTermDialog } from './refinancing-term-dialog';
import { refinancingUnitColumns } from './refinancing-units-columns';
import { RefinancingUnitsFilters } from './refinancing-units-filters';
import { gridQuery } from '../../lib/server-list';

type Unit = RefinancingAvailableUnit;

/**
 * /refinanciamientos/unidades (spec 3 §2 "Refinancing", §5): the financed units the layout made refinanceable, in the
 * caller's scope, paged by the server and sorted by VIN. Actualizar changes a unit's term (1–6), Vendido toggles it
 * sold (a sold unit leaves the not-sold list). The creator ticks units under the domain's tick rules
 * (`refinancingTickRefusal`: not sold, REPUVE/TransUnion/AX valid, the same term); the title bar's Crear Nuevo
 * ('Creación de refinanciamiento') carries them to /crear-refinanciamiento.
 */
export function RefinancingUnitsListPage() {
  const user = useSession()?.user;
  const type = user && isUserType(user.type) ? user.type : null;
  const flags = refinancingScreenFlags(type ?? 0);
  const list = useUrlListState(REFINANCING_UNIT_LIST);
  const units = useRefinancingUnits(list.query);
  const update = useUpdateRefinancingUnit();
  const selection = useRefinancingSelection();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [termOf, setTermOf] = useState<Unit | null>(null);
  const [termResult, setTermResult] = useState<ActionResult | null>(null);
  useEffect(() => refinancingSelection.clear(), []);

  const sold = useConfirmedAction<Unit>({
    run: async (unit) => {
      const answer = await update.mutateAsync({ id: unit.id, isSold: !unit.isSold });
      refinancingSelection.remove(unit.id);
      return answer;
    },
    prompt: (unit) => ({ title: 'Vendido', message: M.confirmSold(unit.vinNumber, !unit.isSold) }),
  });
  const askSold = sold.ask;

  const columns = useMemo(
    () =>
      refinancingUnitColumns({
        ticks: flags.tickUnits,
        isChecked: (id) => selection.has(id),
        tick: (unit, checked) => {
          if (checked) {
            const others = [...selection.values()].filter((u) => u.id !== unit.id);
            const refused = refinancingTickRefusal(unit, others);
            setRefusal(refused);
            if (refused) return;
          } else setRefusal(null);
          refinancingSelection.toggle(unit, checked);
        },
        changeTerm: setTermOf,
        toggleSold: askSold,
      }),
    [flags.tickUnits, selection, askSold],
  );

  const saveTerm = async (unit: Unit, deadline: number) => {
    try {
      const answer = await update.mutateAsync({ id: unit.id, deadline });
      // The ticked copy carries the old term: it leaves the selection, to be ticked again under the new one.
      refinancingSelection.remove(unit.id);
      setTermOf(null);
      setTermResult({ ok: true, message: answer.message });
    } catch (error) {
      setTermResult(errorResult(error));
    }
  };

  if (!user) return null;
  return (
    <>
      <RefinancingUnitsFilters
        user={user}
        lender={flags.operatedCompanies}
        values={list.filters}
        onSearch={list.setFilters}
      />
      {refusal && (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <PagedGrid label="Unidades para refinanciar" columns={columns} {...gridQuery(units)} list={list} />
      <RefinancingTermDialog
        unit={termOf}
        busy={update.isPending}
        onCancel={() => setTermOf(null)}
        onSave={(unit, deadline) => void saveTerm(unit, deadline)}
      />
      <ResultDialog result={termResult} onAccept={() => setTermResult(null)} />
      {sold.dialogs}
    </>
  );
}
