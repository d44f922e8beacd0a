import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** What the proxy does to the next state-changing API request; chosen by the harness's seeded generator. */
export type RequestFault = 'pass' | 'serverError' | 'duplicate' | 'duplicateTogether' | 'dropAnswer';

export interface FaultCounts {
  forwarded: number;
  serverError: number;
  duplicate: number;
  duplicateTogether: number;
  dropAnswer: number;
  refusedConnections: number;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A fault-injecting HTTP proxy between the browser and the server (OFFLINE-NOTES, "Testing offline
 * in Playwright": Chromium's offline emulation leaks requests across reloads, and `context.route`
 * cannot see a service worker's page). The browser opens the app at the proxy's origin; the proxy
 * forwards requests with their Host header (so the origin check passes) and socket.io's WebSocket
 * upgrades. Offline, it refuses connections and cuts open ones. For state-changing `/api` requests
 * `chooseFault` decides: answer 503 without forwarding, deliver twice (one after the other, or both
 * at once) answering the first copy's answer, or forward and drop the answer (the server applied
 * it, the browser sees a network error).
 */
export class FaultProxy {
  readonly counts: FaultCounts = {
    forwarded: 0,
    serverError: 0,
    duplicate: 0,
    duplicateTogether: 0,
    dropAnswer: 0,
    refusedConnections: 0,
  };
  private offline = false;
  private readonly sockets = new Set<net.Socket>();
  private readonly server: http.Server;

  constructor(
    private readonly upstream: URL,
    private readonly chooseFault: () => RequestFault,
  ) {
    this.server = http.createServer((request, response) => void this.handle(request, response));
    this.server.keepAliveTimeout = 1_000;
    this.server.on('connection', (socket) => {
      if (this.offline) {
        this.counts.refusedConnections += 1;
        socket.destroy();
        return;
      }
      this.track(socket);
    });
    this.server.on('upgrade', (request, socket, head) => this.upgrade(request, socket as net.Socket, head));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://localhost:${(this.server.address() as AddressInfo).port}`;
  }

  /** Offline: every open connection is cut (requests in flight may still reach the server) and new ones are refused. */
  setOffline(offline: boolean) {
    this.offline = offline;
    if (offline) for (const socket of this.sockets) socket.destroy();
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of request) chunks.push(chunk as Buffer);
    } catch {
      return;
    }
    const body = Buffer.concat(chunks);
    const fault = MUTATING.has(request.method ?? '') && request.url?.startsWith('/api/') ? this.chooseFault() : 'pass';
    if (fault !== 'pass') this.counts[fault] += 1;
    try {
      if (fault === 'serverError') {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 'unavailable', message: 'Injected by the chaos proxy' } }));
        return;
      }
      let answer: Answer;
      if (fault === 'duplicate') {
        answer = await this.forward(request, body);
        await this.forward(request, body).catch(() => undefined);
      } else if (fault === 'duplicateTogether') {
        const [first] = await Promise.allSettled([this.forward(request, body), this.forward(request, body)]);
        if (first.status === 'rejected') throw first.reason;
        answer = first.value;
      } else {
        answer = await this.forward(request, body);
      }
      if (fault === 'dropAnswer' || this.offline) {
        request.socket.destroy();
        return;
      }
      const headers = { ...answer.headers };
      delete headers['transfer-encoding'];
      delete headers.connection;
      response.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
      response.end(answer.body);
    } catch {
      request.socket.destroy();
    }
  }

  private forward(request: http.IncomingMessage, body: Buffer): Promise<Answer> {
    this.counts.forwarded += 1;
    return new Promise((resolve, reject) => {
      const upstreamRequest = http.request(
        {
          host: this.upstream.hostname,
          port: this.upstream.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, connection: 'close' },
          agent: false,
        },
        (upstreamResponse) => {
          const parts: Buffer[] = [];
          upstreamResponse.on('data', (part: Buffer) => parts.push(part));
          upstreamResponse.on('end', () =>
            resolve({
              status: upstreamResponse.statusCode ?? 502,
              headers: upstreamResponse.headers,
              body: Buffer.concat(parts),
            }),
          );
          upstreamResponse.on('error', reject);
        },
      );
      upstreamRequest.on('error', reject);
      upstreamRequest.end(body);
    });
  }

  /** socket.io's WebSocket: the raw upgrade request goes upstream and both sockets are piped. */
  private upgrade(request: http.IncomingMessage, socket: net.Socket, head: Buffer) {
    if (this.offline) {
      socket.destroy();
      return;
    }
    const upstream = net.connect(Number(this.upstream.port), this.upstream.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (let index = 0; index < request.rawHeaders.length; index += 2) {
        lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    this.track(upstream);
    upstream.on('close', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  }
}
