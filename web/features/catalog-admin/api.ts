/**
 * Catalogue administration's data: the whole catalogue for Manage Products, adding and deleting
 * products, the department tree's changes, and the catalogue's import and export.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webMessages } from '../../lib/web-messages.ts';
import type { CategoryDto, CategoryNodeDto, ImportReportDto, ProductDto } from '#http/dto.ts';
import type { ProductInput } from '#http/schemas.ts';
import { pathId, refusedCall, request } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { categoryTreeQuery, everyPageQuery, fetchProductPage, keyRoots } from '../../lib/queries.ts';
import { notify } from '../../components/ui/toaster.tsx';

/** Fields of a category an admin creates or edits. */
export interface CategoryInput {
  name: string;
  parentId?: string | null;
}

export const catalogAdminKeys = {
  /** Every catalogue query (home, All Products, product pages, this list) changes with a product. */
  products: [keyRoots.products] as const,
  manage: () => [keyRoots.products, 'manage'] as const,
};

/** Manage Products: the whole catalogue in the largest pages the API serves, newest first. */
export const manageProductsQuery = everyPageQuery(catalogAdminKeys.manage(), fetchProductPage);

/** Add Product's save; the form shows its refusals (components/forms). */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductInput) => request<ProductDto>('/api/products', { method: 'POST', body: product, signedIn: true }),
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
export const useCreateCategory = () =>
  useCategoryChange((input: CategoryInput) => request<CategoryDto>('/api/admin/categories', { method: 'POST', body: input, signedIn: true }), webMessages.categoryAdded);

export const useRenameCategory = (category: CategoryNodeDto) =>
  useCategoryChange(
    (name: string) => request<CategoryDto>(`/api/admin/categories/${pathId(category.id)}`, { method: 'PATCH', body: { name }, signedIn: true }),
    webMessages.categoryRenamed,
  );

/** Refused (409) while products or categories are filed under it: the toast says which. */
export const useDeleteCategory = (category: CategoryNodeDto) =>
  useCategoryChange(() => request<void>(`/api/admin/categories/${pathId(category.id)}`, { method: 'DELETE', signedIn: true }), webMessages.categoryDeleted);

export function useDeleteProduct(product: ProductDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<void>(`/api/products/${pathId(product.id)}`, { method: 'DELETE', signedIn: true }),
    onSuccess: () => notify.success(webMessages.productDeleted),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogAdminKeys.products }),
  });
}

/** The whole catalogue as CSV: a plain link, the browser downloads it with the session cookie. */
export const EXPORT_PRODUCTS_URL = '/api/admin/products/export.csv';

/**
 * POST /api/admin/products/import: the file as the multipart field `file`. XMLHttpRequest, not
 * fetch, because only it reports how much of the body has been sent (the import's progress bar).
 */
const importCatalogue = (file: Blob, { dryRun, onProgress }: { dryRun: boolean; onProgress?: (sent: number) => void }) =>
  new Promise<ImportReportDto>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/products/import${dryRun ? '?dryRun=true' : ''}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status });
      if (response.ok) void response.json().then(resolve, reject);
      else void refusedCall(response, true).then(reject);
    };
    // As fetch does when the network fails.
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    const form = new FormData();
    form.set('file', file);
    xhr.send(form);
  });

/** The dry run of an import: every row checked, nothing saved; the page lists the problems. */
export const useCheckCatalogueFile = () => useMutation({ mutationFn: (file: File) => importCatalogue(file, { dryRun: true }) });

/** The import proper, all or nothing; `onProgress` gets the share of the file sent (0–1). */
export function useImportCatalogue(onProgress: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importCatalogue(file, { dryRun: false, onProgress }),
    onSuccess: (report) => notify.success(webMessages.importDone(report.created, report.updated)),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogAdminKeys.products }),
  });
}
