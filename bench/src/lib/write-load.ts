import net from 'node:net';

/** One POST of a load: where, as whom, with what. */
export interface WritePost {
  path: string;
  token: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface WriteLoadResult {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** 2xx answers */
  answered: number;
  /** errors and non-2xx answers */
  failures: number;
}

interface Answer {
  status: number;
  body: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * One keep-alive HTTP/1.1 connection with one request at a time, written and read by hand: node:http
 * spends ~80 µs of client CPU a request on this machine, which on two cores the server would feel
 * at a few thousand writes/s; this spends a fraction. It reads what Fastify sends: a status line and
 * a Content-Length body (anything else fails the request). A closed connection is opened again.
 */
class Connection {
  private socket: net.Socket | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { resolve(a: Answer): void; reject(e: Error): void } | undefined;

  constructor(private readonly url: URL) {}

  request(post: WritePost): Promise<Answer> {
    const body = JSON.stringify(post.body ?? {});
    const headers = { authorization: `Bearer ${post.token}`, ...post.headers };
    const head =
      `POST ${post.path} HTTP/1.1\r\nhost: ${this.url.host}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
    return new Promise<Answer>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.open().write(`${head}\r\n${body}`);
    });
  }

  close(): void {
    this.socket?.destroy();
  }

  private open(): net.Socket {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = net.connect({ host: this.url.hostname, port: Number(this.url.port) });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('connection closed')));
    this.buffer = Buffer.alloc(0);
    this.socket = socket;
    return socket;
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const headEnd = this.buffer.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
    const end = headEnd + HEAD_END.length + Number(length[1]);
    if (this.buffer.length < end) return;
    const answer = {
      status: Number(head.slice(9, 12)),
      body: this.buffer.toString('utf8', headEnd + HEAD_END.length, end),
    };
    this.buffer = this.buffer.subarray(end);
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve(answer);
  }

  private fail(err: Error): void {
    this.socket?.destroy();
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(err);
  }
}

/**
 * `connections` keep-alive connections, each sending the POST that `post(connection, n)` names and
 * waiting for its answer before the next, for `seconds`. Unlike autocannon, which drops the requests
 * in flight when its time is up, every request sent is answered before this returns, so what the
 * server acknowledged is known exactly (`onAnswer` sees each answer, status 0 for a failed request).
 */
export async function writeLoad(
  baseUrl: string,
  options: {
    connections: number;
    seconds: number;
    post: (connection: number, n: number) => WritePost;
    onAnswer?: (connection: number, post: WritePost, status: number, body: string) => void;
  },
): Promise<WriteLoadResult> {
  const url = new URL(baseUrl);
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async (_, c) => {
      const connection = new Connection(url);
      try {
        for (let n = 0; performance.now() - started < options.seconds * 1000; n++) {
          const post = options.post(c, n);
          const sent = performance.now();
          const answer = await connection.request(post).catch(() => ({ status: 0, body: '' }));
          if (answer.status >= 200 && answer.status < 300) latencies.push(performance.now() - sent);
          else failures++;
          options.onAnswer?.(c, post, answer.status, answer.body);
        }
      } finally {
        connection.close();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    perSecond: latencies.length / elapsed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    answered: latencies.length,
    failures,
  };
}
