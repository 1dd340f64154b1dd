/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const theme = readFileSync(path.join(__dirname, 'theme.css'), 'utf8');

/** The declarations of the first rule with exactly this selector. */
function rule(selector: string): string {
  const start = theme.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  return theme.slice(start, theme.indexOf('}', start));
}

describe('theme', () => {
  it("draws every progress bar in the theme's colours, not the browser's default green", () => {
    expect(theme).toMatch(/--color-primary: #00e0ff;/);
    // Without its own appearance, Chromium keeps its native (green) bar whatever the colours say.
    expect(rule('progress')).toContain('appearance: none;');
    expect(rule('progress::-webkit-progress-value')).toContain('background-color: var(--color-primary);');
    expect(rule('progress::-moz-progress-bar')).toContain('background-color: var(--color-primary);');
    expect(rule('progress::-webkit-progress-bar')).toContain('background-color: var(--color-surface-raised);');
  });
});
