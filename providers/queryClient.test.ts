import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './queryClient';

const retry = createQueryClient().getDefaultOptions().queries!.retry as (failures: number, error: unknown) => boolean;

describe('the query cache retries', () => {
  it('never a refusal, a missing record or bad input', () => {
    for (const status of [400, 401, 403, 404, 409])
      expect(retry(0, new HttpError('no', status)), String(status)).toBe(false);
  });

  it('a server error or a network failure twice, then gives up', () => {
    for (const error of [new HttpError('down', 502), new TypeError('Failed to fetch')]) {
      expect([0, 1, 2].map((failures) => retry(failures, error))).toEqual([true, true, false]);
    }
  });
});
