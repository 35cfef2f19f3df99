import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Call = (...args: unknown[]) => void;

/**
 * A request's logger (`req.log`), made only when the request first logs something. Fastify makes one
 * per request, binding its id; pino's child runs the redaction over those bindings, a cost every request
 * paid though most log nothing but the access line (http/access-log.ts, which names the id itself).
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get log(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.log.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    (this.log.fatal as Call)(...args);
  }
  error(...args: unknown[]): void {
    (this.log.error as Call)(...args);
  }
  warn(...args: unknown[]): void {
    (this.log.warn as Call)(...args);
  }
  info(...args: unknown[]): void {
    (this.log.info as Call)(...args);
  }
  debug(...args: unknown[]): void {
    (this.log.debug as Call)(...args);
  }
  trace(...args: unknown[]): void {
    (this.log.trace as Call)(...args);
  }
  silent(...args: unknown[]): void {
    (this.log.silent as Call)(...args);
  }
}

export const lazyRequestLogger = (
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger => new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
