/**
 * The limit of a test that runs many rounds (a race, a sweep): about a minute on a quiet machine, past 300 s beside
 * another `npm test` and the e2e journeys (seen at load 19). It only catches a hang; what those tests assert is not
 * time.
 */
export const MANY_ROUNDS_TIMEOUT_MS = 900_000;
