import { describe, expect, it } from 'vitest';
import { dispatchInvoke } from '../../../src/main/core/contract/contract-dispatch';
import { createLogger, memorySink } from '../../../src/main/core/log/logger';
import { RendererErrorLog, RENDERER_ERRORS_PER_MINUTE } from '../../../src/main/core/log/renderer-errors';
import { RENDERER_ERROR_LIMITS, rendererErrorReport } from '../../../src/shared/diagnostics';
import { FakeClock } from '../../support/fake-clock';

function rendererLog() {
  const sink = memorySink();
  const clock = new FakeClock();
  const errors = new RendererErrorLog(createLogger({ sink }).scope('renderer'), clock);
  const handlers = {
    'diagnostics:renderer-error': async (report: Parameters<RendererErrorLog['report']>[0]) => (
      errors.report(report),
      null
    ),
  };
  return { sink, clock, errors, handlers };
}

const thrown = () => {
  const error = new TypeError("Cannot read properties of undefined (reading 'id')");
  error.stack = [
    "TypeError: Cannot read properties of undefined (reading 'id')",
    '    at rowOf (http://127.0.0.1:5173/assets/start-app-1a2b.js:12:345)',
    '    at InboxRow (http://127.0.0.1:5173/assets/start-app-1a2b.js:40:7)',
  ].join('\n');
  return error;
};

describe('errors of the window in the log', () => {
  it('writes what failed and where, on one line of the renderer scope', () => {
    const { sink, errors } = rendererLog();
    errors.report(rendererErrorReport('react', thrown(), '\n    at InboxRow\n    at InboxList\n    at App'));
    expect(sink.lines).toHaveLength(1);
    const line = sink.lines[0]!;
    expect(line).toContain('ERROR renderer: the window hit an error');
    expect(line).toContain('kind="react"');
    expect(line).toContain('error="TypeError"');
    expect(line).toContain(`reason="Cannot read properties of undefined (reading 'id')"`);
    expect(line).toContain('at="rowOf (http://127.0.0.1:5173/assets/start-app-1a2b.js:12:345)"');
    expect(line).toContain('component="InboxRow"');
  });

  it('names what was thrown when it was no Error', () => {
    const { sink, errors } = rendererLog();
    errors.report(rendererErrorReport('unhandledrejection', 'offline'));
    errors.report(rendererErrorReport('unhandledrejection', { code: 1 }));
    expect(sink.lines[0]).toContain('kind="unhandledrejection" error="string" reason="offline"');
    expect(sink.lines[1]).toContain('error="object"');
  });

  it('writes a few a minute from a looping window, then one line counting what it left out', async () => {
    const { sink, clock, errors } = rendererLog();
    for (let i = 0; i < 1000; i++) errors.report(rendererErrorReport('error', thrown()));
    expect(sink.lines.filter((l) => l.includes('the window hit an error'))).toHaveLength(RENDERER_ERRORS_PER_MINUTE);
    expect(sink.lines.filter((l) => l.includes('too many errors'))).toHaveLength(1);
    await clock.advance(60_000);
    errors.report(rendererErrorReport('error', thrown()));
    expect(sink.lines.at(-2)).toContain(`left out errors of the window left=${1000 - RENDERER_ERRORS_PER_MINUTE}`);
    expect(sink.lines.at(-1)).toContain('the window hit an error');
    expect(sink.lines).toHaveLength(RENDERER_ERRORS_PER_MINUTE + 3);
  });

  it('clips a report in the window to what main accepts', () => {
    const huge = new Error('x'.repeat(100_000));
    const report = rendererErrorReport('error', huge);
    expect(report.message).toHaveLength(RENDERER_ERROR_LIMITS.message);
    expect(report.stack!.length).toBeLessThanOrEqual(RENDERER_ERROR_LIMITS.stack);
  });

  it('refuses a report that is too long, of an unknown kind, or carries more than its fields', async () => {
    const { sink, handlers } = rendererLog();
    const ok = rendererErrorReport('error', thrown());
    const refused = [
      [{ ...ok, message: 'x'.repeat(RENDERER_ERROR_LIMITS.message + 1) }],
      [{ ...ok, stack: 'x'.repeat(RENDERER_ERROR_LIMITS.stack + 1) }],
      [{ ...ok, kind: 'warning' }],
      [{ ...ok, extra: 'x' }],
      [{ ...ok, name: 42 }],
      ['an error'],
      [],
    ];
    for (const args of refused)
      expect(await dispatchInvoke(handlers, 'diagnostics:renderer-error', args)).toMatchObject({
        ok: false,
        error: { code: 'invalid-arguments' },
      });
    expect(sink.lines).toEqual([]);
    expect(await dispatchInvoke(handlers, 'diagnostics:renderer-error', [ok])).toEqual({ ok: true, value: null });
    expect(sink.lines).toHaveLength(1);
  });
});
