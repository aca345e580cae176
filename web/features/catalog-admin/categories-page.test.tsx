import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { CategoryDto, CategoryNodeDto } from '#http/dto.ts';
import { admin, customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { json, refusal, server, session } from '../../test/server.ts';

/** A department tree on the "server": POST adds, PATCH renames, DELETE refuses a non-empty one. */
const treeOnServer = () => {
  const tree: CategoryNodeDto[] = [
    {
      id: 'c_fast',
      name: 'Fasteners',
      slug: 'fasteners',
      parentId: null,
      productCount: 0,
      children: [{ id: 'c_bolts', name: 'Bolts', slug: 'bolts', parentId: 'c_fast', productCount: 3, children: [] }],
    },
  ];
  const sent: unknown[] = [];
  const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  server.use(
    http.get('*/api/categories', () => json<CategoryNodeDto[]>(tree)),
    http.post('*/api/admin/categories', async ({ request }) => {
      const body = (await request.json()) as { name: string; parentId: string | null };
      sent.push(body);
      if (body.name === 'Fasteners') return refusal(409, 'SLUG_TAKEN', messages.slugTaken('fasteners'), { slug: messages.slugTaken('fasteners') });
      const node: CategoryNodeDto = { id: `c_${sent.length}`, name: body.name, slug: slugOf(body.name), parentId: body.parentId, productCount: 0, children: [] };
      if (body.parentId) tree.find((department) => department.id === body.parentId)?.children.push(node);
      else tree.push(node);
      return json<CategoryDto>({ id: node.id, name: node.name, slug: node.slug, parentId: node.parentId }, { status: 201 });
    }),
    http.patch('*/api/admin/categories/c_bolts', async ({ request }) => {
      const body = (await request.json()) as { name: string };
      const bolts = tree[0]!.children[0]!;
      bolts.name = body.name;
      return json<CategoryDto>({ id: bolts.id, name: bolts.name, slug: bolts.slug, parentId: bolts.parentId });
    }),
    http.delete('*/api/admin/categories/c_bolts', () =>
      refusal(409, 'CATEGORY_IN_USE', messages.categoryHasProducts(3)),
    ),
  );
  return { tree, sent };
};

describe('Categories (admin)', () => {
  it('is reached from the dashboard menu, adds a category inside a department and a new department, and renames one', async () => {
    session.current = meOf(admin);
    const { sent } = treeOnServer();
    const { screen, user, history } = renderApp('/dashboard/manageProduct');
    await user.click(await screen.findByRole('link', { name: labels.categories }));
    await expect.poll(() => history.location.pathname).toBe('/dashboard/categories');
    expect(await screen.findByText('Bolts')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Nuts & Washers');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Inside' }), 'c_fast');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Nuts & Washers')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Categories in Fasteners' })).getByText('Nuts & Washers')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Electrical');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // A new department: its own row, and a choice in "Inside".
    expect(await screen.findByRole('button', { name: 'Rename Electrical' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Electrical' })).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Nuts & Washers', parentId: 'c_fast' }, { name: 'Electrical', parentId: null }]);

    await user.click(screen.getByRole('button', { name: 'Rename Bolts' }));
    const name = screen.getByLabelText('New name for Bolts');
    await user.clear(name);
    await user.type(name, 'Bolts & Screws');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bolts & Screws')).toBeInTheDocument();
  });

  it('says why a name cannot be used and why a category cannot be deleted, and keeps both', async () => {
    session.current = meOf(admin);
    treeOnServer();
    const { screen, user } = renderApp('/dashboard/categories');
    await screen.findByText('Bolts');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(messages.categoryNameRequired)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    await user.type(screen.getByLabelText('Name'), 'Fasteners');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText(messages.slugTaken('fasteners'))).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Bolts' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: labels.yesDelete }));
    expect(await screen.findAllByText(messages.categoryHasProducts(3))).not.toHaveLength(0);
    expect(screen.getByText('Bolts')).toBeInTheDocument();
  });

  it('is not for customers', async () => {
    session.current = meOf(customer);
    const { history } = renderApp('/dashboard/categories');
    await expect.poll(() => history.location.pathname).toBe('/');
  });
});
