import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createInstallPromptStore, type TBeforeInstallPromptEvent } from './install-event';
import { InstallPrompt } from './install-prompt';

type TChoice = Awaited<TBeforeInstallPromptEvent['userChoice']>;

/** A synthetic `beforeinstallprompt` like Chromium's, with a userChoice the test settles. */
function fireInstallable(target: EventTarget) {
  let settleChoice!: (choice: TChoice) => void;
  const event = new Event('beforeinstallprompt', { cancelable: true }) as TBeforeInstallPromptEvent;
  const prompt = vi.fn().mockResolvedValue(undefined);
  Object.assign(event, {
    prompt,
    userChoice: new Promise<TChoice>((resolve) => {
      settleChoice = resolve;
    }),
  });
  act(() => {
    target.dispatchEvent(event);
  });
  return { event, prompt, settleChoice };
}

/** Each test gets its own window-like target, so kept events do not leak between tests. */
function setup() {
  const target = new EventTarget() as Window;
  const store = createInstallPromptStore(target);
  render(<InstallPrompt store={store} />);
  return { target, user: userEvent.setup() };
}

const banner = () => screen.queryByRole('dialog', { name: 'Add app to home screen?' });

describe('InstallPrompt', () => {
  it('stays hidden until the browser says the app is installable', () => {
    setup();
    expect(banner()).not.toBeInTheDocument();
  });

  it('shows at the top, keeps the event and stops the browser mini-infobar', () => {
    const { target } = setup();
    const { event } = fireInstallable(target);
    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'yes!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No, thanks' })).toBeInTheDocument();
    expect(event.defaultPrevented).toBe(true);
  });

  it("'yes!' opens the browser's install dialog and hides the banner", async () => {
    const { target, user } = setup();
    const { prompt } = fireInstallable(target);
    await user.click(screen.getByRole('button', { name: 'yes!' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(banner()).not.toBeInTheDocument();
  });

  it("'No, thanks' hides the banner without prompting", async () => {
    const { target, user } = setup();
    const { prompt } = fireInstallable(target);
    await user.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(prompt).not.toHaveBeenCalled();
    expect(banner()).not.toBeInTheDocument();
  });

  it("hides when the browser's choice result arrives", async () => {
    const { target } = setup();
    const { settleChoice } = fireInstallable(target);
    expect(banner()).toBeInTheDocument();
    await act(async () => {
      settleChoice({ outcome: 'dismissed', platform: 'web' });
    });
    expect(banner()).not.toBeInTheDocument();
  });

  it('hides once the app is installed', () => {
    const { target } = setup();
    fireInstallable(target);
    act(() => {
      target.dispatchEvent(new Event('appinstalled'));
    });
    expect(banner()).not.toBeInTheDocument();
  });
});
