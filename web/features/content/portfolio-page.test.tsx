import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import portfolio from '../../content/portfolio.json';
import { renderApp } from '../../test/render-app.tsx';

describe('/myPortfolio', () => {
  it('renders the intro, information, skills and projects of web/content/portfolio.json', async () => {
    const { screen } = renderApp('/myPortfolio');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Portfolio' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: portfolio.intro.heading })).toBeInTheDocument();
    expect(screen.getByText(portfolio.intro.body)).toBeInTheDocument();

    const information = within(screen.getByRole('heading', { name: 'My Information' }).closest('section')!);
    for (const item of portfolio.information) expect(information.getByText(item.label)).toBeInTheDocument();
    expect(information.getByRole('link', { name: 'owner@bulkhead.example' })).toHaveAttribute('href', 'mailto:owner@bulkhead.example');
    const linkedin = information.getByRole('link', { name: 'linkedin.com/in/bulkhead-owner' });
    expect(linkedin).toHaveAttribute('target', '_blank');
    expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');

    const skills = within(screen.getByRole('heading', { name: 'My Skills' }).closest('section')!);
    expect(skills.getAllByRole('listitem').map((item) => item.textContent)).toEqual(portfolio.skills);

    const projects = within(screen.getByRole('heading', { name: 'Sample Projects' }).closest('section')!);
    expect(projects.getAllByRole('article')).toHaveLength(portfolio.projects.length);
    const first = portfolio.projects[0]!;
    expect(projects.getByRole('link', { name: `Visit ${first.title}` })).toHaveAttribute('href', first.url);
    expect(projects.getByRole('link', { name: `Visit ${first.title}` })).not.toHaveAttribute('target');
  });
});
