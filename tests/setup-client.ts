import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy pages load their chunk first: under a full parallel run on two cores that can pass 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanup);
