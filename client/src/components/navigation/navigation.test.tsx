import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAppStore, useAppStore } from '@/stores/app-store';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { NavRail } from './navigation';

describe('NavRail', () => {
  beforeEach(() => resetAppStore());

  it('offers admins a way into the administration area', () => {
    useAppStore.setState({ roles: ['ADMIN'] });
    renderWithProviders(<NavRail activeName="admin" onLogout={() => {}} />, { backend: createFakeBackend() });
    const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Administration' });
    expect(link).toHaveAttribute('href', '/administration');
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('shows no administration entry to other accounts, whose roles are empty', () => {
    useAppStore.setState({ roles: [] });
    renderWithProviders(<NavRail activeName="home" onLogout={() => {}} />, { backend: createFakeBackend() });
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
  });
});
