import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShareSwitch } from './share-switch';

describe('the share-my-camera switch', () => {
  it('is off by default and says the video stays on the device; turning it on asks to share', async () => {
    const onChange = vi.fn();
    render(<ShareSwitch isOn={false} isLive={false} error={null} onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Share my camera with the group' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(/your video stays on this device.*everyone in this session sees your camera/i);
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('says when the others see the video, turns off with a click, and shows a refusal', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<ShareSwitch isOn isLive error={null} onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Share my camera with the group' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription('The others in this session see your camera’s video now.');
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(false);
    rerender(<ShareSwitch isOn={false} isLive={false} error="4 people already share their camera: try again when one stops" onChange={onChange} />);
    expect(screen.getByRole('alert')).toHaveTextContent('4 people already share their camera');
  });
});
