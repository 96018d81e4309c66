/** The form's state: nothing chosen yet is null (the contract then says 'Campo requerido.'). */
export type AuditFormFields = {
  auditor: string;
  description: string;
  accountId: number | null;
  companyId: number | null;
  isSuspended: boolean | null;
  initialDate: string;
  endDate: string;
};
export const EMPTY_AUDIT: AuditFormFields = {
  auditor: '',
  description: '',
  accountId: null,
  companyId: null,
  isSuspended: null,
  initialDate: '',
  endDate: '',
};
