import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// Lazy pages load their chunk first: under a full parallel run on two cores that can pass 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanup);

// react-admin defers some state changes with setTimeout(0) (useReferenceParams): a test that ends
// right after a filter change would have it fire after the DOM environment is gone ("window is
// not defined"). Let such timers run while the environment is still there.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 20)));
