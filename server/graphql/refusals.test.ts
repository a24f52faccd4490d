import { describe, expect, it } from 'vitest';
import { refusalBudget } from './refusals';

describe('refusalBudget', () => {
  it('lets an address send until its refusals reach the limit, then makes it wait out the minute', () => {
    let now = 1_000_000;
    const budget = refusalBudget(3, () => now);
    budget.note('10.0.0.1');
    budget.note('10.0.0.1');
    expect(budget.waitFor('10.0.0.1')).toBe(0);
    budget.note('10.0.0.1');
    expect(budget.waitFor('10.0.0.1')).toBe(60);
    expect(budget.waitFor('10.0.0.2')).toBe(0);
    now += 45_000;
    expect(budget.waitFor('10.0.0.1')).toBe(15);
    now += 15_000;
    expect(budget.waitFor('10.0.0.1')).toBe(0);
    budget.note('10.0.0.1');
    expect(budget.waitFor('10.0.0.1')).toBe(0);
  });
});
