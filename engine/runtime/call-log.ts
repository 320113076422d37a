// The logger of one call, made on first use: most calls never log, and a pino child per call is
// not free. A plain object, not a getter on the context: a context literal with an accessor is
// some twenty times slower to make than one of data properties, and every call makes one.
import type { Bindings, Logger } from 'pino';

/** What handlers use of a logger. */
export type CallLogger = Pick<Logger, 'info' | 'warn' | 'error' | 'debug'> & { child(bindings: Bindings): Logger };

type LogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

export class LazyCallLogger implements CallLogger {
  private made: Logger | undefined;

  constructor(
    private readonly root: Logger,
    private readonly bindings: Record<string, string>,
  ) {}

  private logger(): Logger {
    return (this.made ??= this.root.child(this.bindings));
  }

  info(...args: LogArgs): void {
    (this.logger().info as (...a: LogArgs) => void)(...args);
  }
  warn(...args: LogArgs): void {
    (this.logger().warn as (...a: LogArgs) => void)(...args);
  }
  error(...args: LogArgs): void {
    (this.logger().error as (...a: LogArgs) => void)(...args);
  }
  debug(...args: LogArgs): void {
    (this.logger().debug as (...a: LogArgs) => void)(...args);
  }
  child(bindings: Bindings): Logger {
    return this.logger().child(bindings);
  }
}
