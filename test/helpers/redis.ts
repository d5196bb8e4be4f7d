import { execa, execaSync, type ResultPromise } from 'execa';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether a real `redis-server` can be started here; `.ci/run` installs it. */
export const hasRedis = execaSync('redis-server', ['--version'], { reject: false }).exitCode === 0;
if (!hasRedis) console.warn('\n!!! redis-server is not installed: the Redis-backed store tests are SKIPPED on this machine (apt-get install redis-server; .ci/run does) !!!\n');

/** A throwaway redis-server on a free loopback port, persistence off; it can be stopped, restarted on the same port, paused and resumed. */
export class RedisServer {
  private process: ResultPromise | undefined;

  private constructor(readonly port: number) {}

  /** Starts a server and resolves once it answers PING. */
  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.restart();
    return server;
  }

  get running(): boolean {
    return this.process !== undefined;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it again on the same port, empty (nothing persisted), and waits until it answers. */
  async restart(): Promise<void> {
    if (this.process) throw new Error('redis-server is already running');
    // No RDB snapshots, no AOF, loopback only: a test server leaves nothing on disk.
    this.process = execa('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()], { reject: false, stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(this.port))) {
      if (this.process.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start on port ${this.port}`);
      await sleep(20);
    }
  }

  /** Stops it (SIGTERM) and waits for it to exit. */
  async stop(): Promise<void> {
    const running = this.process;
    this.process = undefined;
    if (!running) return;
    running.kill('SIGCONT'); // a paused server cannot act on SIGTERM
    running.kill('SIGTERM');
    await running;
  }

  /** Freezes it (SIGSTOP): connections stay open and nothing answers, like a hung Redis. */
  pause(): void {
    this.process?.kill('SIGSTOP');
  }

  resume(): void {
    this.process?.kill('SIGCONT');
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something on `port` answers the inline command PING with +PONG. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (answer: boolean): void => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
