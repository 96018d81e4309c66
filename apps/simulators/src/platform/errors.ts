/** An answer with a status and a `{ message }` body (decision 009: errors are `{ "message": "..." }`). */
export class SimulatorError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

export const badRequest = (message: string) => new SimulatorError(400, message);
export const notFound = (message: string) => new SimulatorError(404, message);
export const unprocessable = (message: string) => new SimulatorError(422, message);
