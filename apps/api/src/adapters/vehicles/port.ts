// The vehicle service (REPUVE and TransUnion checks by NIV/VIN). Contract: docs/decisions/009-external-systems.md.

export type VehicleVerdict = { valid: boolean; reason: string };

export interface VehiclesPort {
  repuve(niv: string): Promise<VehicleVerdict>;
  transUnion(niv: string): Promise<VehicleVerdict>;
}
