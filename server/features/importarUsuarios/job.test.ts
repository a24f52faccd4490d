import { describe, expect, it } from 'vitest';
import { quietBatchSize } from './job';

describe('quietBatchSize', () => {
  it('starts at 100 rows, then sizes a batch to last about 100 ms, between 25 rows and the configured size', () => {
    expect(quietBatchSize(1000, undefined)).toBe(100);
    expect(quietBatchSize(1000, 0.25)).toBe(400);
    expect(quietBatchSize(1000, 0.05)).toBe(1000);
    expect(quietBatchSize(1000, 10)).toBe(25);
    expect(quietBatchSize(10, 0.25)).toBe(10);
    expect(quietBatchSize(60, undefined)).toBe(60);
  });
});
