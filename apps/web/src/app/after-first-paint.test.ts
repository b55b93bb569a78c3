// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, forgetFirstPaint } from './after-first-paint.ts';

let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  forgetFirstPaint();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Whether `promise` has settled, checked after pending reactions have run. */
const settled = (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  return async () => {
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };
};

/** A browser that reports paints; `paint(name)` delivers one entry to the observers. */
function reportingPaints() {
  const observers: Array<(list: { getEntriesByName(name: string): unknown[] }) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void;
    constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
      this.callback = callback;
    }
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint: (name: string) => {
      for (const cb of [...observers]) cb({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
    },
    observing: () => observers.length,
  };
}

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, then answers at once', async () => {
    const browser = reportingPaints();
    const isDone = settled(afterFirstPaint());
    expect(await isDone()).toBe(false);
    browser.paint('first-paint'); // the background only
    expect(await isDone()).toBe(false);
    browser.paint('first-contentful-paint');
    expect(await isDone()).toBe(true);
    expect(browser.observing()).toBe(0);
    expect(await settled(afterFirstPaint())()).toBe(true);
  });

  it('does not wait in a browser that reports no paints', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(await settled(afterFirstPaint())()).toBe(true);
  });

  it('waits at most 100 ms after the first frame when that frame reports no contentful paint', async () => {
    reportingPaints();
    const isDone = settled(afterFirstPaint());
    vi.advanceTimersByTime(1000);
    expect(await isDone()).toBe(false); // no frame yet
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    vi.advanceTimersByTime(99);
    expect(await isDone()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await isDone()).toBe(true);
  });

  it('does not wait in a hidden tab, which paints nothing', async () => {
    const browser = reportingPaints();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await settled(afterFirstPaint())()).toBe(true);
    expect(browser.observing()).toBe(0);
  });
});
