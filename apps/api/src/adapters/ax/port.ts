// AX, the lender's ERP: how many times a VIN is registered. Valid when the count is 1 (spec 3 §5).

export interface AxPort {
  count(vin: string): Promise<number>;
}
