import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { CategoryNodeDto } from '#http/dto.ts';
import { useCreateCategory, useDeleteCategory, useRenameCategory } from './api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { categoryTreeQuery } from '../../lib/queries.ts';
import { checkOnChangeBlurSubmit } from '../../lib/validate.ts';
import { useAppForm } from '../../components/forms/form-hook.tsx';
import { showRefusal } from '../../components/forms/server-refusal.ts';
import { submitWithoutReload } from '../../components/forms/submit-without-reload.ts';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

const nameRequired = ({ value }: { value: string }) => (value.trim() === '' ? messages.categoryNameRequired : undefined);

/** A new department (no parent) or a category inside a department: the catalogue has two levels. */
function AddCategoryForm({ departments }: { departments: readonly CategoryNodeDto[] }) {
  const create = useCreateCategory();
  const form = useAppForm({
    defaultValues: { name: '', parentId: '' },
    onSubmit: async ({ value, formApi }) => {
      try {
        await create.mutateAsync({ name: value.name.trim(), parentId: value.parentId === '' ? null : value.parentId });
        formApi.reset();
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });
  return (
    <form noValidate aria-label="Add a category" className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={submitWithoutReload(form)}>
      <form.AppField name="name" validators={checkOnChangeBlurSubmit(nameRequired)}>
        {(field) => <field.TextField id="category-name" label="Name" />}
      </form.AppField>
      <form.AppField name="parentId">
        {(field) => (
          <field.SelectField
            id="category-parent"
            label="Inside"
            options={[{ value: '', label: 'Nothing: a new department' }, ...departments.map((department) => ({ value: department.id, label: department.name }))]}
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton>Add</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}

function RenameForm({ category, onDone }: { category: CategoryNodeDto; onDone: () => void }) {
  const rename = useRenameCategory(category);
  const form = useAppForm({
    defaultValues: { name: category.name },
    onSubmit: async ({ value, formApi }) => {
      try {
        await rename.mutateAsync(value.name.trim());
        onDone();
      } catch (error) {
        showRefusal(formApi, error);
      }
    },
  });
  return (
    <form noValidate aria-label={`Rename ${category.name}`} className="flex flex-wrap items-end gap-2" onSubmit={submitWithoutReload(form)}>
      <form.AppField name="name" validators={checkOnChangeBlurSubmit(nameRequired)}>
        {(field) => <field.TextField id={`rename-${category.id}`} label={`New name for ${category.name}`} />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton className="px-3 py-1.5">Save</form.SubmitButton>
      </form.AppForm>
      <Button variant="ghost" className="px-3 py-1.5" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

/** One department or category: its name and products, Rename in place, Delete behind a confirmation. */
function CategoryRow({ category }: { category: CategoryNodeDto }) {
  const [renaming, setRenaming] = useState(false);
  const remove = useDeleteCategory(category);
  if (renaming) return <RenameForm category={category} onDone={() => setRenaming(false)} />;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p>
        <span className="font-semibold text-slate-900">{category.name}</span>{' '}
        <span className="text-sm text-slate-600">
          /{category.slug} · {category.productCount} in stock
        </span>
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" className="px-3 py-1.5" aria-label={`Rename ${category.name}`} onClick={() => setRenaming(true)}>
          Rename
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="danger" className="px-3 py-1.5" disabled={remove.isPending} aria-label={`Delete ${category.name}`}>
              Delete
            </Button>
          }
          description={`${category.name} will be removed from the catalogue's navigation. Only an empty one can go: move its products and categories first.`}
          confirmLabel={labels.yesDelete}
          onConfirm={() => remove.mutate()}
        />
      </div>
    </div>
  );
}

/** Categories (admin): the two-level department tree the catalogue is browsed by. */
export function CategoriesPage() {
  usePageMeta(labels.categories, 'The departments and categories of the Bulkhead catalogue.');
  const tree = useQuery(categoryTreeQuery);
  return (
    <DashboardSection id="categories" title={labels.categories}>
      <AddCategoryForm departments={tree.data ?? []} />
      {tree.isPending ? (
        <Spinner label="Loading categories" />
      ) : tree.isError ? (
        <p role="alert">We could not load the categories. Please try again.</p>
      ) : tree.data.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-800">No departments yet.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {tree.data.map((department) => (
            <li key={department.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <CategoryRow category={department} />
              {department.children.length > 0 ? (
                <ul className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4" aria-label={`Categories in ${department.name}`}>
                  {department.children.map((category) => (
                    <li key={category.id}>
                      <CategoryRow category={category} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
