import { it } from 'vitest';
it('waits', async () => { await new Promise((r) => setTimeout(r, 1500)); });
