import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStore, useAppStore } from '@/stores/app-store';
import { createFakeBackend, userRecord } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { RemoteStreamingRoute } from './remote-streaming';

// The feature's screens stand in: this test is about which one the route leads with.
vi.mock('@/features/remote-camera', () => ({
  parseJoinLink: () => null,
  useLivePhoneStream: () => null,
  PhoneCamera: () => <p>The phone camera page</p>,
  RemoteSessionPanel: () => <p>The QR code and pairing code</p>,
}));

/** A screen `width` wide whose pointer is a finger (`coarse`) or a mouse. */
function screenOf(width: number, coarse: boolean) {
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: coarse && query.includes('coarse'),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
}

function renderRoute() {
  renderWithProviders(<RemoteStreamingRoute />, { backend: createFakeBackend(), path: '/remote-streaming' });
}

describe('Remote Cam, signed in', () => {
  beforeEach(() => {
    resetAppStore();
    useAppStore.getState().setCurrentUser({ ...userRecord('u1', { displayName: 'Ada' }), uid: 'u1' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('on a phone leads with the phone’s role, the camera, before any QR code', async () => {
    screenOf(390, true);
    renderRoute();

    const headings = screen.getAllByRole('heading').map((heading) => heading.textContent);
    expect(headings).toEqual(['Remote Cam', 'This device is the phone', 'This device is the screen']);
    expect(screen.queryByText('The QR code and pairing code')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Use this phone as the camera' }));
    expect(screen.getByText('The phone camera page')).toBeInTheDocument();
  });

  it('on a phone shows a code for another phone only when asked', async () => {
    screenOf(390, true);
    renderRoute();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show a code for another phone' }));
    expect(screen.getByText('The QR code and pairing code')).toBeInTheDocument();
  });

  it('on a desktop keeps the QR code first, the phone’s role below it', () => {
    screenOf(1440, false);
    renderRoute();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Use your phone as a camera');
    const panel = screen.getByText('The QR code and pairing code');
    const phoneRole = screen.getByRole('button', { name: 'This device is the phone: enter a code' });
    expect(panel.compareDocumentPosition(phoneRole) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
