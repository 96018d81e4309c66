import { useQuery } from '@tanstack/react-query';
import { LAYOUT_OPERATIONS as op, pathOf, type LayoutApplyRequest, type LayoutTerm } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { downloadFile, saveFile } from '../../../lib/download';

export const layoutKeys = { generate: (months: number) => ['layouts', 'generate', months] as const };

/** GET /api/layouts/generate?months= (spec 3 §7): the financed units due within `months`, by noCredito. */
export const useLayout = (months: number | null) =>
  useQuery({
    queryKey: layoutKeys.generate(months ?? 0),
    queryFn: async ({ signal }) => (await callOperation(op.generateLayout, { query: { months }, signal })).data,
    enabled: months !== null,
  });

/** POST /api/layouts/apply (spec 3 §7): each unit's term and whether it may be refinanced. */
export const applyLayout = (body: LayoutApplyRequest) => callOperation(op.applyLayout, { body });

/** Descargar: the layout with the edited terms as 'Layout (DD-MM-YYYY).xlsx' (spec 3 §9). */
export async function downloadLayout(months: number, terms: { unitId: number; plazoSugerido: LayoutTerm }[]) {
  const file = await downloadFile(pathOf(op.downloadLayout), undefined, { months, terms });
  saveFile(file.blob, file.fileName ?? 'Layout.xlsx');
}
