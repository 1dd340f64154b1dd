import { DEFAULT_DISPLAY_NAME } from '@movelab/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Greeting } from './greeting';

const afternoon = new Date(2025, 4, 6, 15, 0);

describe('Greeting', () => {
  it('greets a user by the name they chose', () => {
    render(<Greeting displayName="Ada" now={afternoon} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Good afternoon, Ada$/);
  });

  it('greets without a name a user who never chose one, not with the placeholder', () => {
    render(<Greeting displayName={DEFAULT_DISPLAY_NAME} now={afternoon} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Good afternoon$/);
    expect(screen.queryByText(DEFAULT_DISPLAY_NAME)).toBeNull();
  });
});
