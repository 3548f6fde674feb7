import { describe, expect, it } from 'vitest';
import { FailoverStore, MemoryWindows } from './counters.ts';

describe('MemoryWindows', () => {
  it('starts a window on the first count, counts within it, and starts afresh once it ends', () => {
    const windows = new MemoryWindows();
    expect(windows.read('k', 0)).toEqual({ count: 0, ttlMs: 0 });
    expect(windows.increment('k', 1000, 0)).toEqual({ count: 1, ttlMs: 1000 });
    expect(windows.increment('k', 1000, 400)).toEqual({ count: 2, ttlMs: 600 });
    expect(windows.read('k', 999)).toEqual({ count: 2, ttlMs: 1 });
    expect(windows.read('k', 1000)).toEqual({ count: 0, ttlMs: 0 });
    expect(windows.increment('k', 1000, 1000)).toEqual({ count: 1, ttlMs: 1000 });
  });

  it('gives one back only while the window lasts, never below zero', () => {
    const windows = new MemoryWindows();
    windows.increment('k', 1000, 0);
    windows.decrement('k', 10);
    windows.decrement('k', 20);
    expect(windows.read('k', 30)).toEqual({ count: 0, ttlMs: 970 });
    windows.increment('k', 1000, 40);
    windows.decrement('k', 1000);
    expect(windows.increment('k', 1000, 1000)).toEqual({ count: 1, ttlMs: 1000 });
  });
});

interface Box {
  value(): Promise<string>;
  close(): Promise<void>;
}

class FailoverBox extends FailoverStore<Box> implements Box {
  value() {
    return this.run((box) => box.value());
  }
}

describe('FailoverStore', () => {
  it('uses the fallback while the primary fails, telling once when it goes down and once when it is back', async () => {
    let down = false;
    const closed: string[] = [];
    const primary: Box = {
      value: () => (down ? Promise.reject(new Error('ECONNREFUSED')) : Promise.resolve('redis')),
      close: async () => void closed.push('redis'),
    };
    const fallback: Box = { value: async () => 'memoria', close: async () => void closed.push('memoria') };
    const events: string[] = [];
    const store = new FailoverBox(primary, fallback, {
      down: (error) => events.push(`down: ${(error as Error).message}`),
      up: () => events.push('up'),
    });
    expect(await store.value()).toBe('redis');
    down = true;
    expect([await store.value(), await store.value()]).toEqual(['memoria', 'memoria']);
    expect(store.usingFallback).toBe(true);
    down = false;
    expect(await store.value()).toBe('redis');
    expect(store.usingFallback).toBe(false);
    expect(events).toEqual(['down: ECONNREFUSED', 'up']);
    await store.close();
    expect(closed.sort()).toEqual(['memoria', 'redis']);
  });
});
