import { it } from 'vitest';
it('leaves a late timer', () => {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  setTimeout(new Function('return window.document') as () => void, 400);
});
