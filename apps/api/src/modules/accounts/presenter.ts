import type { AccountDetail } from '@planpiso/domain';
import type { AccountCompanyRow, LegalRow } from './repository';

/** The account with each company and that company's legal representatives (the view modal, spec 2 §4). */
export function presentAccountDetail(
  account: Omit<AccountDetail, 'companies'>,
  list: AccountCompanyRow[],
  legals: LegalRow[],
): AccountDetail {
  return {
    ...account,
    companies: list.map((company) => ({
      ...company,
      legals: legals.filter((l) => l.companyId === company.id).map(({ companyId: _c, ...legal }) => legal),
    })),
  };
}
