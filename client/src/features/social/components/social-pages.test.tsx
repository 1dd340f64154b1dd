import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { CommunityPage } from './social-pages';

describe('social pages', () => {
  it('Community says it is coming, what is coming, and links back home', () => {
    renderWithProviders(<CommunityPage />, { backend: createFakeBackend() });
    expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What is coming' }).querySelectorAll('li').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /back to movelab home/i })).toHaveAttribute('href', '/home');
  });
});
