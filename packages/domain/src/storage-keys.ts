/** Browser storage keys (spec 1 §3). `token` and `operation` are named by us: the spec does not show their keys. */
export const STORAGE_KEYS = {
  sessionToken: 'token',
  accessToken: 'aws',
  sessionCounter: 'sesions',
  operation: 'operation',
  units: 'units',
  refinancingData: 'dataR',
  exceptionDisabled: 'exceptionDisabled',
  createDisabled: 'createDisabled',
} as const;

/** What sign-out clears (spec 1 §4): the stored token, cloud access token, operation and session counter. */
export const SIGN_OUT_CLEARED_KEYS = [
  STORAGE_KEYS.sessionToken,
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.operation,
  STORAGE_KEYS.sessionCounter,
] as const;
