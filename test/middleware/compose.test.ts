import { describe, expect, it } from 'vitest';
import { isCliMcpError } from '../../src/errors.js';
import { compose } from '../../src/middleware/compose.js';
import type { CallContext, Middleware } from '../../src/middleware/context.js';
import { contextFor, runnable, toolFor } from '../helpers/commands.js';

const ctx = (): CallContext => contextFor(toolFor(runnable()));

function logging(name: string, log: string[]): Middleware {
  return async (_ctx, next) => {
    log.push(`${name}:before`);
    await next();
    log.push(`${name}:after`);
  };
}

describe('compose', () => {
  it('when layers wrap the centre then they run as an onion, outer first in and last out', async () => {
    const log: string[] = [];
    const chain = compose([logging('a', log), logging('b', log)], async () => void log.push('centre'));
    await chain(ctx());
    expect(log).toEqual(['a:before', 'b:before', 'centre', 'b:after', 'a:after']);
  });

  it('when there are no layers then the centre runs alone with the context', async () => {
    const context = ctx();
    await compose([], async (c) => void (c.result = { isError: false, message: 'ran' }))(context);
    expect(context.result).toEqual({ isError: false, message: 'ran' });
  });

  it('when a layer does not call next then the chain ends there and inner layers and the centre never run', async () => {
    const log: string[] = [];
    const stop: Middleware = async (c) => {
      log.push('stop');
      c.result = { isError: true, message: 'stopped' };
    };
    const context = ctx();
    await compose([logging('a', log), stop, logging('b', log)], async () => void log.push('centre'))(context);
    expect(log).toEqual(['a:before', 'stop', 'a:after']);
    expect(context.result).toEqual({ isError: true, message: 'stopped' });
  });

  it('when a layer calls next twice then the second call throws a middleware error and the centre ran once', async () => {
    let centreRuns = 0;
    const twice: Middleware = async (_c, next) => {
      await next();
      await next();
    };
    const failure = await compose([twice], async () => void (centreRuns += 1))(ctx()).catch((error: unknown) => error);
    expect(isCliMcpError(failure) && failure.code).toBe('cli-mcp.middleware');
    expect((failure as Error).message).toContain('next() called more than once');
    expect(centreRuns).toBe(1);
  });

  it('when the centre throws then the error propagates through every layer, which may see it', async () => {
    const seen: unknown[] = [];
    const watch: Middleware = async (_c, next) => {
      try {
        await next();
      } catch (error) {
        seen.push(error);
        throw error;
      }
    };
    const boom = new Error('boom');
    await expect(compose([watch], async () => Promise.reject(boom))(ctx())).rejects.toBe(boom);
    expect(seen).toEqual([boom]);
  });

  it('when a layer throws before next then the centre does not run and the error reaches the caller', async () => {
    let ran = false;
    const fail: Middleware = async () => {
      throw new Error('refused');
    };
    await expect(compose([fail], async () => void (ran = true))(ctx())).rejects.toThrow('refused');
    expect(ran).toBe(false);
  });

  it('when a composed chain runs twice then each run starts fresh', async () => {
    let centreRuns = 0;
    const chain = compose([async (_c, next) => next()], async () => void (centreRuns += 1));
    await chain(ctx());
    await chain(ctx());
    expect(centreRuns).toBe(2);
  });

  it('when a layer changes the context then inner layers and the centre see the change', async () => {
    const setter: Middleware = async (c, next) => {
      c.state.set('who', 'outer');
      await next();
    };
    let seen: unknown;
    await compose([setter], async (c) => void (seen = c.state.get('who')))(ctx());
    expect(seen).toBe('outer');
  });
});
