/**
 * A startup failure explained for whoever runs the server: what went wrong and what to do about it.
 * `logTail` holds PostgreSQL's last log lines when they tell more than the message.
 */
export class StartupError extends Error {
  readonly logTail: readonly string[];

  constructor(message: string, logTail: readonly string[] = []) {
    super(message);
    this.name = 'StartupError';
    this.logTail = logTail;
  }
}

/**
 * One readable line for any thrown value. Some libraries reject with `undefined`, an Error without a
 * message, or an AggregateError whose own message is empty (a refused connection to `localhost`
 * tries ::1 and 127.0.0.1); none of them may end up printed as "undefined".
 */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map(describeError))].join('; ');
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return error.message || code || error.name;
  }
  if (error === undefined || error === null) return 'a failure reported without any description';
  return String(error);
}
