import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import type { InvoiceIconState } from '@planpiso/domain';

const ICONS: Record<InvoiceIconState, { Icon: typeof CheckCircleOutlined; color: 'success' | 'error' | 'disabled' }> = {
  approved: { Icon: CheckCircleOutlined, color: 'success' },
  disapproved: { Icon: HighlightOffOutlined, color: 'error' },
  question: { Icon: HelpOutlineOutlined, color: 'disabled' },
};
const WORDS: Record<InvoiceIconState, string> = {
  approved: 'válida',
  disapproved: 'no válida',
  question: 'sin validar',
};

/** One check's icon with its meaning as the accessible name ('REPUVE: válida'). */
export function CheckIcon({ check, state }: { check: string; state: InvoiceIconState }) {
  const { Icon, color } = ICONS[state];
  return <Icon color={color} fontSize="small" titleAccess={`${check}: ${WORDS[state]}`} />;
}

export const stateOf = (valid: boolean | null | undefined): InvoiceIconState =>
  valid === true ? 'approved' : valid === false ? 'disapproved' : 'question';

/** REPUVE, TransUnion, AX: passed, failed, or not checked yet. */
export const ValidationIcon = ({ check, valid }: { check: string; valid: boolean | null | undefined }) => (
  <CheckIcon check={check} state={stateOf(valid)} />
);
