import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { CommunityPage, FriendsPage } from './social-pages';

describe('social pages', () => {
  it.each([
    ['Friends', FriendsPage],
    ['Community', CommunityPage],
  ])('%s says it is coming, what is coming, and links back home', (title, Page) => {
    renderWithProviders(<Page />, { backend: createFakeBackend() });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What is coming' }).querySelectorAll('li').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /back to movelab home/i })).toHaveAttribute('href', '/home');
  });
});
