import type { FinalFailureHook, JobHandler, JobType } from './job-types.ts';

/**
 * Handlers and final-failure hooks by type, shared by both queue implementations. One handler and at
 * most one hook per type: a second registration is a programming error, not a silent override.
 */
export class JobRegistry {
  private readonly handlers = new Map<JobType, JobHandler<JobType>>();
  private readonly hooks = new Map<JobType, FinalFailureHook<JobType>>();

  register<T extends JobType>(type: T, handler: JobHandler<T>): void {
    if (this.handlers.has(type)) throw new Error(`job type ${type} already has a handler`);
    this.handlers.set(type, handler as unknown as JobHandler<JobType>);
  }

  onFinalFailure<T extends JobType>(type: T, hook: FinalFailureHook<T>): void {
    if (this.hooks.has(type)) throw new Error(`job type ${type} already has a final-failure hook`);
    this.hooks.set(type, hook as unknown as FinalFailureHook<JobType>);
  }

  handler(type: string): JobHandler<JobType> | undefined {
    return this.handlers.get(type as JobType);
  }

  hook(type: string): FinalFailureHook<JobType> | undefined {
    return this.hooks.get(type as JobType);
  }

  types(): JobType[] {
    return [...this.handlers.keys()];
  }
}
