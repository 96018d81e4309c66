import type { CustomSigner, SignatureConfig } from '@planpiso/domain';
import type { ConfigRow, CustomSignerRow, SignatureRow } from './repository';

export const presentCustomSigner = ({ companyName, ...row }: CustomSignerRow): CustomSigner => ({
  ...row,
  company: { id: row.companyId, name: companyName },
});

export const presentConfig = (config: ConfigRow, signatures: SignatureRow[]): SignatureConfig => ({
  accountId: config.accountId,
  companyId: config.companyId,
  creditLine: config.creditLine,
  isElectronic: config.isElectronic,
  version: config.version,
  signatures,
  updatedAt: config.updatedAt.toISOString(),
});
