import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Forms read the same plain validation messages as in the app (main.tsx).
import '@/lib/form-messages';

// findBy and waitFor wait for what the user sees. A lazy route's first import is transformed on
// demand and takes over a second on a busy two-core machine: give it 5 s, not Testing Library's 1 s.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
