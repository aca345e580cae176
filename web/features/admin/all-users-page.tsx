import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { labels, messages } from '#domain/messages.ts';
import type { UserDto } from '#http/dto.ts';
import { api, ApiError } from '../../lib/api.ts';
import { adminUsersQuery } from '../../lib/queries.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../components/ui/toaster.tsx';

const th = 'px-3 py-3 text-left text-xs font-bold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-middle text-sm text-slate-800';

function UserRow({ user, isSelf }: { user: UserDto; isSelf: boolean }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUsersQuery.queryKey });
  const makeAdmin = useMutation({
    mutationFn: () => api.makeAdmin(user.id),
    onSuccess: () => notify.success(messages.madeAdmin),
    onError: () => notify.error(messages.makeAdminFailed),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () => api.deleteUser(user.id),
    onSuccess: () => notify.success(messages.userDeleted),
    onError: (error) => notify.error(error instanceof ApiError ? error.message : messages.serverError),
    onSettled: refresh,
  });
  return (
    <tr>
      <td className={td}>
        <span className="font-semibold">{user.email}</span>
        <span className="block text-xs text-slate-600">{user.name}</span>
      </td>
      <td className={td}>
        {user.role === 'admin' ? (
          <span className="font-semibold text-emerald-800">{labels.alreadyAdmin}</span>
        ) : (
          <Button variant="secondary" className="px-3 py-1.5" disabled={makeAdmin.isPending} onClick={() => makeAdmin.mutate()} aria-label={`${labels.makeAdmin} ${user.email}`}>
            {labels.makeAdmin}
          </Button>
        )}
      </td>
      <td className={td}>
        {isSelf ? (
          <span className="text-xs text-slate-600">You</span>
        ) : (
          <ConfirmDialog
            trigger={
              <Button variant="danger" className="px-3 py-1.5" disabled={remove.isPending} aria-label={`Delete user ${user.email}`}>
                Delete
              </Button>
            }
            description={`The account ${user.email} will be deleted and signed out everywhere.`}
            confirmLabel={labels.yesDelete}
            onConfirm={() => remove.mutate()}
          />
        )}
      </td>
    </tr>
  );
}

/** All Users (admin): every account, newest first, loaded 100 at a time. */
export function AllUsersPage() {
  usePageMeta(labels.allUsers, 'Every Bulkhead account: promote admins or remove accounts.');
  const session = useSession();
  const pages = useInfiniteQuery(adminUsersQuery);
  const users = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="all-users-heading">
      <h2 id="all-users-heading" className="mb-4 text-xl font-bold text-slate-900">
        {labels.allUsers}
      </h2>
      {pages.isPending ? (
        <Spinner />
      ) : pages.isError ? (
        <p role="alert">We could not load the users. Please try again.</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-100">
                <tr>
                  <th className={th}>Email</th>
                  <th className={th}>Make Admin</th>
                  <th className={th}>Delete</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {users.map((user) => (
                  <UserRow key={user.id} user={user} isSelf={user.id === session?.user.id} />
                ))}
              </tbody>
            </table>
          </div>
          <LoadMoreFooter shown={users.length} noun="user" pages={pages} />
        </>
      )}
    </section>
  );
}
