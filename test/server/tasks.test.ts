import { describe, expect, it } from 'vitest';
import type { RunStatus } from '../../src/runs/run-registry.js';
import { newestLineOf, taskOf } from '../../src/server/tasks.js';

const limits = { maxRunsPerPrincipal: 4, maxRunMs: 30 * 60_000, ttlMs: 15 * 60_000, detachAfterMs: 3000 };
const startedAt = Date.parse('2026-07-28T10:30:00.000Z');
const running: RunStatus = { ok: true, runId: 'a'.repeat(32), tool: 'make_build', state: 'running', startedAt, newOutput: '', omittedLines: 0, nextCursor: 0 };
const ended = (state: RunStatus['state'], extra: Partial<RunStatus> = {}): RunStatus => ({ ...running, state, endedAt: startedAt + 20_000, expiresAt: startedAt + 20_000 + limits.ttlMs, ...extra });

describe('taskOf', () => {
  it('when a run is going then the task is working, its message the newest line and its TTL the bound from creation', () => {
    expect(taskOf(running, limits, 'compiling 3/9')).toEqual({
      taskId: running.runId,
      status: 'working',
      statusMessage: 'compiling 3/9',
      createdAt: '2026-07-28T10:30:00.000Z',
      lastUpdatedAt: '2026-07-28T10:30:00.000Z',
      ttlMs: 45 * 60_000,
      pollIntervalMs: 1000,
    });
  });

  it('when a run has printed nothing yet then the working task has no message', () => {
    expect(taskOf(running, limits)).not.toHaveProperty('statusMessage');
  });

  it('when the newest line is long then the message is its first 200 characters, the cut marked', () => {
    const message = taskOf(running, limits, 'x'.repeat(500)).statusMessage ?? '';
    expect(message).toHaveLength(200);
    expect(message.endsWith('x…')).toBe(true);
  });

  it('when a run has ended, whether the CLI succeeded or failed, then the task is completed and lives until the result is dropped', () => {
    for (const state of ['done', 'failed'] as const) {
      expect(taskOf(ended(state), limits, 'ignored')).toEqual({
        taskId: running.runId,
        status: 'completed',
        createdAt: '2026-07-28T10:30:00.000Z',
        lastUpdatedAt: '2026-07-28T10:30:20.000Z',
        ttlMs: 20_000 + 15 * 60_000,
        pollIntervalMs: 1000,
      });
    }
  });

  it('when a run was cancelled then the task is cancelled and says why', () => {
    expect(taskOf(ended('cancelled', { reason: 'cancelled by the caller' }), limits)).toMatchObject({ status: 'cancelled', statusMessage: 'cancelled by the caller' });
  });
});

describe('newestLineOf', () => {
  it('when output ends in blank lines then the newest line is the last one with text, trimmed', () => {
    expect(newestLineOf('tick 1\n  tick 2  \n\n   \n')).toBe('tick 2');
  });

  it('when there is no text then there is no newest line', () => {
    expect(newestLineOf('')).toBeUndefined();
    expect(newestLineOf('\n \n')).toBeUndefined();
  });
});
