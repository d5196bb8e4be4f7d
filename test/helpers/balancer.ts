import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A round-robin load balancer on a free loopback port. */
export interface Balancer {
  /** `http://127.0.0.1:port/mcp`. */
  readonly url: string;
  /** The upstream origin each request went to, in order. */
  readonly served: readonly string[];
  close(): Promise<void>;
}

/** Sends each HTTP request to the next of `upstreams` (`http://host:port/mcp`), as a stateless load balancer does: no stickiness. */
export async function roundRobin(upstreams: readonly string[]): Promise<Balancer> {
  const origins = upstreams.map((upstream) => new URL(upstream));
  const served: string[] = [];
  const server = createServer((req, res) => {
    const upstream = origins[served.length % origins.length]!;
    served.push(upstream.origin);
    const forwarded = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
