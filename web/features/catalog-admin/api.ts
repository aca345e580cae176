/** Catalogue administration's data: the whole catalogue for Manage Products, adding and deleting products. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../lib/messages.ts';
import type { CategoryNodeDto, ProductDto } from '#http/dto.ts';
import type { ProductInput } from '#http/schemas.ts';
import { api, type CategoryInput } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { categoryTreeQuery, everyPageQuery, keyRoots } from '../../lib/queries.ts';
import { notify } from '../../components/ui/toaster.tsx';

export const catalogAdminKeys = {
  /** Every catalogue query (home, All Products, product pages, this list) changes with a product. */
  products: [keyRoots.products] as const,
  manage: () => [keyRoots.products, 'manage'] as const,
};

/** Manage Products: the whole catalogue in the largest pages the API serves, newest first. */
export const manageProductsQuery = everyPageQuery(catalogAdminKeys.manage(), api.products);

/** Add Product's save; the form shows its refusals (components/forms). */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductInput) => api.createProduct(product),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogAdminKeys.products }),
  });
}

/**
 * A change to the department tree: toasts what happened (a form also puts a refusal under its
 * field; the same words make one toast), and the tree the catalogue and the product form read
 * refreshes either way.
 */
const useCategoryChange = <Input, Output>(change: (input: Input) => Promise<Output>, done: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => notify.success(done),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryTreeQuery.queryKey }),
  });
};

/** Adds a department (no parent) or a category inside one; the form shows its refusals. */
export const useCreateCategory = () => useCategoryChange((input: CategoryInput) => api.createCategory(input), messages.categoryAdded);

export const useRenameCategory = (category: CategoryNodeDto) =>
  useCategoryChange((name: string) => api.updateCategory(category.id, { name }), messages.categoryRenamed);

/** Refused (409) while products or categories are filed under it: the toast says which. */
export const useDeleteCategory = (category: CategoryNodeDto) => useCategoryChange(() => api.deleteCategory(category.id), messages.categoryDeleted);

export function useDeleteProduct(product: ProductDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.deleteProduct(product.id),
    onSuccess: () => notify.success(messages.productDeleted),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogAdminKeys.products }),
  });
}
