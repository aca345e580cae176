import { useInfiniteQuery } from '@tanstack/react-query';
import { labels } from '../../lib/labels.ts';
import type { UserDto } from '#http/dto.ts';
import { adminUsersQuery, useDeleteUser, useMakeAdmin, useRemoveAdmin } from './api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DataTable, type Column } from '../../components/data-table/data-table.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { DashboardSection } from '../../components/layout/dashboard-section.tsx';


/**
 * Make Admin, or Remove admin for an admin; both confirmed first (a role change signs the user out
 * everywhere). One's own role is not changed here: another admin does it, and the last admin stays.
 */
function RoleAction({ user, isSelf }: { user: UserDto; isSelf: boolean }) {
  const makeAdmin = useMakeAdmin(user);
  const removeAdmin = useRemoveAdmin(user);
  if (user.role === 'admin' && isSelf) return <span className="font-semibold text-emerald-800">{labels.alreadyAdmin}</span>;
  const promoting = user.role !== 'admin';
  const change = promoting ? makeAdmin : removeAdmin;
  const label = promoting ? labels.makeAdmin : 'Remove admin';
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="px-3 py-1.5" disabled={change.isPending} aria-label={`${label} ${user.email}`}>
          {label}
        </Button>
      }
      description={
        promoting
          ? `${user.email} will be able to manage products, orders, users and reviews. They are signed out everywhere and sign in again as an admin.`
          : `${user.email} will no longer be an admin. They are signed out everywhere and sign in again as a customer.`
      }
      confirmLabel={promoting ? 'Yes, make admin' : 'Yes, remove admin'}
      onConfirm={() => change.mutate()}
    />
  );
}

function DeleteUserButton({ user }: { user: UserDto }) {
  const remove = useDeleteUser(user);
  return (
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
  );
}

const userColumns = (selfId: string | undefined): Column<UserDto>[] => [
  {
    header: 'Email',
    role: 'title',
    cell: (user) => (
      <>
        <span className="font-semibold">{user.email}</span>
        <span className="block text-xs text-slate-600">{user.name}</span>
      </>
    ),
  },
  { header: 'Make Admin', role: 'actions', cell: (user) => <RoleAction user={user} isSelf={user.id === selfId} /> },
  {
    header: 'Delete',
    role: 'actions',
    cell: (user) => (user.id === selfId ? <span className="text-xs text-slate-600">You</span> : <DeleteUserButton user={user} />),
  },
];

/** All Users (admin): every account, newest first, loaded 100 at a time. */
export function AllUsersPage() {
  usePageMeta(labels.allUsers, 'Every Bulkhead account: promote admins or remove accounts.');
  const session = useSession();
  const pages = useInfiniteQuery(adminUsersQuery);
  return (
    <DashboardSection id="all-users" title={labels.allUsers}>
      <PagedList pages={pages} noun="user" failed="We could not load the users. Please try again." empty="No users yet.">
        {(users) => <DataTable caption={labels.allUsers} columns={userColumns(session?.user.id)} rows={users} rowKey={(user) => user.id} />}
      </PagedList>
    </DashboardSection>
  );
}
