import type { Config } from '../config.ts';
import type { LiveBus } from './live-bus.ts';

/** Live state every module may use: the event bus and the address publishers send to. */
export class LiveContext {
  private boundPort: number;

  constructor(
    private readonly config: Config,
    readonly bus: LiveBus,
  ) {
    this.boundPort = config.rtmp.port;
  }

  /** called once the RTMP listener is bound (its port is only known then when 0 was asked) */
  setRtmpPort(port: number): void {
    this.boundPort = port;
  }

  /** `rtmp://host:port/live`: RTMP_PUBLIC_URL when set, else the public host with the listener's port */
  rtmpUrl(): string {
    return this.config.rtmp.publicUrl ?? `rtmp://${this.config.publicUrl.hostname}:${this.boundPort}/live`;
  }
}
