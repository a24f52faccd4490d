import { describe, expect, it } from 'vitest';
import { collectYoung, youngGcEvery } from './youngGc';

describe('young-generation collections of a write', () => {
  it('collects once each time the given bytes have passed, whatever the chunks', () => {
    let collections = 0;
    const received = youngGcEvery(100, () => collections++);
    for (let i = 0; i < 9; i++) received(10);
    expect(collections).toBe(0);
    received(10);
    expect(collections).toBe(1);
    received(150);
    expect(collections).toBe(2);
    received(40);
    expect(collections).toBe(2);
    received(10);
    expect(collections).toBe(3);
  });

  it("runs V8's collection without exposing gc to the rest of the process", () => {
    expect(() => collectYoung()).not.toThrow();
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});
