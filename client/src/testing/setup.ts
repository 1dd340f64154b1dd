import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// Forms read the same plain validation messages as in the app (main.tsx).
import '@/lib/form-messages';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
