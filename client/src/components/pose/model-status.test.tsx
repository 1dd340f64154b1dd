import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ModelStatus } from './model-status';

describe('pose model status', () => {
  it('holds its place once the model is ready, saying so, so the buttons below it do not move', () => {
    const { rerender, container } = render(<ModelStatus state={{ status: 'loading', progress: 0.5 }} onRetry={() => undefined} holdPlace />);
    expect(screen.getByText('Loading the pose model on this device… 50%')).toBeInTheDocument();
    expect(screen.getByLabelText('Pose model loading')).toHaveValue(50);
    const box = container.firstElementChild;
    rerender(<ModelStatus state={{ status: 'ready', backend: 'wasm' }} onRetry={() => undefined} holdPlace />);
    expect(container.firstElementChild).toBe(box);
    expect(screen.getByText('Pose model ready on this device')).toBeInTheDocument();
    expect(screen.getByLabelText('Pose model ready')).toHaveValue(100);
    expect(screen.queryByLabelText('Pose model loading')).toBeNull();
    // Once the buttons are pressed (the screen moves on), the box goes.
    rerender(<ModelStatus state={{ status: 'ready', backend: 'wasm' }} onRetry={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing for a model ready from the start', () => {
    const { container } = render(<ModelStatus state={{ status: 'ready', backend: 'wasm' }} onRetry={() => undefined} holdPlace />);
    expect(container).toBeEmptyDOMElement();
  });
});
