import { portfolioRegisterQuery, type PortfolioLink } from '@planpiso/domain';

/** The register filtered to the units behind a number (the domain's query string for it). */
export const registerLink = (link: PortfolioLink) =>
  `/unidades-financiadas?${new URLSearchParams(portfolioRegisterQuery(link)).toString()}`;
